import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * The tenant's SSO platforms as the console sees them (every setting but the secret), read by the
 * SSO console and by the invitations (the bulk file's SSO columns, the list's SSO invitations).
 * Asked again on every mount: an administrator may have just changed one. The SSO console's
 * edits invalidate `queryKeys.adminSsoPlatforms`.
 */
export const adminSsoPlatformsQueryOptions = queryOptions({
  queryKey: queryKeys.adminSsoPlatforms,
  queryFn: ({ signal }) => api(routes.sso.adminList, { signal }),
  staleTime: 0,
});

export const useAdminSsoPlatforms = () => useQuery(adminSsoPlatformsQueryOptions);

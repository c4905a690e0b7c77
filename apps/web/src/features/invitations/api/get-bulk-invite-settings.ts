import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** How a bulk-invite file is sent: rows per request (a server setting). */
export const bulkInviteSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.bulkInviteSettings,
  queryFn: ({ signal }) => api(routes.invitations.bulkSettings, { signal }),
  staleTime: Infinity,
});

export const useBulkInviteSettings = (enabled = true) => useQuery({ ...bulkInviteSettingsQueryOptions, enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** The tenant's names and logo, read by the shell, the console and the public pages (one query key, one staleTime). */
export const tenantQueryOptions = queryOptions({
  queryKey: queryKeys.tenant,
  queryFn: ({ signal }) => api(routes.tenants.get, { signal }),
  staleTime: 5 * 60_000,
});

export const useTenant = () => useQuery(tenantQueryOptions);

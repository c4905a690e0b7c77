import type { Tenant } from '@app/contracts/tenants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const tenantQueryOptions = queryOptions({
  queryKey: queryKeys.tenant,
  queryFn: () => apiRequest<Tenant>('/tenants/', {}),
  staleTime: 5 * 60_000,
});

export const useTenant = () => useQuery(tenantQueryOptions);

import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const usageQueryOptions = (memberId: number) =>
  queryOptions({ queryKey: queryKeys.usage(memberId), queryFn: ({ signal }) => api(routes.credits.usage, { params: { id: memberId }, signal }) });

export const useUsage = (memberId: number | undefined) => useQuery({ ...usageQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

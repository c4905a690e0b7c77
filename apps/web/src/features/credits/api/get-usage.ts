import type { Usage } from '@app/contracts/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const usageQueryOptions = (memberId: number) =>
  queryOptions({ queryKey: queryKeys.usage(memberId), queryFn: () => apiRequest<Usage>(`/members/${memberId}/usage/`, {}) });

export const useUsage = (memberId: number | undefined) => useQuery({ ...usageQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

import type { Usage } from '@app/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const usageQueryOptions = (memberId: number) =>
  queryOptions({ queryKey: ['usage', memberId], queryFn: () => apiRequest<Usage>(`/members/${memberId}/usage/`, {}) });

export const useUsage = (memberId: number | undefined) => useQuery({ ...usageQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

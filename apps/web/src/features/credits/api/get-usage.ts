import { usageSchema } from '@app/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const usageQueryOptions = (memberId: number) =>
  queryOptions({ queryKey: ['usage', memberId], queryFn: () => apiRequest(`/members/${memberId}/usage/`, { schema: usageSchema }) });

export const useUsage = (memberId: number | undefined) => useQuery({ ...usageQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

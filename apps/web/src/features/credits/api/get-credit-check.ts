import type { CreditCheck } from '@app/contracts/credits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const creditCheckQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.creditCheck(memberId),
    queryFn: () => apiRequest<CreditCheck>(`/members/${memberId}/credit-check/`, {}),
  });

export const useCreditCheck = (memberId: number | undefined) =>
  useQuery({ ...creditCheckQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const creditCheckQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.creditCheck(memberId),
    queryFn: ({ signal }) => api(routes.credits.creditCheck, { params: { id: memberId }, signal }),
  });

export const useCreditCheck = (memberId: number | undefined) =>
  useQuery({ ...creditCheckQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

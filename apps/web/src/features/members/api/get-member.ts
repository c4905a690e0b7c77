import type { Member } from '@app/contracts/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The member's own record, custom field values included. */
export const memberQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.member(id),
    queryFn: () => apiRequest<Member>(`/members/${id}/`),
  });

export const useMember = (id: number | undefined) => useQuery({ ...memberQueryOptions(id ?? 0), enabled: id !== undefined });

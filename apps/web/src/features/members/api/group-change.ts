import type { ChangeGroupBody, GroupChange } from '@app/contracts/members';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const groupChangeKey = (id: number) => [...queryKeys.member(id), 'group-change'] as const;

/** The member's pending group change (`GET /members/{id}/group/`), or `status: 'none'`. */
export const groupChangeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: groupChangeKey(id),
    queryFn: ({ signal }) => api(routes.members.getGroupChange, { params: { id }, signal }),
  });

export const useGroupChange = (id: number | undefined) => useQuery({ ...groupChangeQueryOptions(id ?? 0), enabled: id !== undefined });

/** Asks for a change (`PATCH /members/{id}/group/`); a pending request of theirs is replaced. */
export function useRequestGroupChange(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeGroupBody) => api(routes.members.requestGroupChange, { params: { id }, body }),
    onSuccess: (change) => qc.setQueryData(groupChangeKey(id), change),
  });
}

/** Withdraws the pending request (`DELETE /members/{id}/group-queues/`). */
export function useWithdrawGroupChange(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(routes.members.withdrawGroupChange, { params: { id } }),
    onSuccess: () => qc.setQueryData<GroupChange>(groupChangeKey(id), { status: 'none', requested: null, requested_at: null }),
    // A request already decided or withdrawn elsewhere: read it again.
    onError: () => qc.invalidateQueries({ queryKey: groupChangeKey(id) }),
  });
}

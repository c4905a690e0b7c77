import type { ProcessPendingBody } from '@app/contracts/admin-members';
import type { Member } from '@app/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Approves, or rejects with a reason; the member is emailed either way. */
export function processPendingRequest(id: number, body: ProcessPendingBody) {
  return apiRequest<Member>(`/admin/members/${id}/process-pending-request/`, { method: 'POST', body });
}

export function useProcessPendingRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProcessPendingBody }) => processPendingRequest(id, body),
    // An approval takes a seat: the sign-up settings' member count changes too.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.adminMembers }), qc.invalidateQueries({ queryKey: queryKeys.signUpSettings })]),
  });
}

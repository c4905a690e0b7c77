import type { ProcessPendingBody } from '@app/contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Approves, or rejects with a reason; the member is emailed either way. */
export function processPendingRequest(id: number, body: ProcessPendingBody) {
  return api(routes.adminMembers.processPending, { params: { id }, body });
}

export function useProcessPendingRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProcessPendingBody }) => processPendingRequest(id, body),
    // An approval takes a seat: the sign-up settings' member count changes too.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.adminMembers }), qc.invalidateQueries({ queryKey: queryKeys.signUpSettings })]),
  });
}

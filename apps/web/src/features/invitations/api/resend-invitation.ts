import type { Invitation } from '@app/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A new temporary password and seven more days, mailed again. */
export function resendInvitation(id: number) {
  return apiRequest<Invitation>(`/admin/invitations/${id}/resend/`, { method: 'POST' });
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.invitations }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A new temporary password and seven more days, mailed again. */
export function resendInvitation(id: number) {
  return api(routes.invitations.resend, { params: { id } });
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.invitations }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteInvitations(ids: number[]) {
  return api(routes.invitations.bulkDelete, { body: { invitation_ids: ids } });
}

export function useDeleteInvitations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitations,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.invitations }), qc.invalidateQueries({ queryKey: queryKeys.signUpSettings })]),
  });
}

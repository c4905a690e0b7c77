import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteInvitations(ids: number[]) {
  return apiRequest<{ deleted: number }>('/admin/invitations/bulk/delete/', { method: 'POST', body: { invitation_ids: ids } });
}

export function useDeleteInvitations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitations,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.invitations }), qc.invalidateQueries({ queryKey: queryKeys.signUpSettings })]),
  });
}

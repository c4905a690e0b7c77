import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshGroupViews } from './list-admin-member-groups';

export function deleteMemberGroup(id: number) {
  return apiRequest<{ ok: true }>(`/admin/member-groups/${id}/`, { method: 'DELETE' });
}

/** Its members leave it too: the console's member lists change. */
export function useDeleteMemberGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteMemberGroup, onSettled: () => Promise.all([refreshGroupViews(qc), qc.invalidateQueries({ queryKey: queryKeys.adminMembers })]) });
}

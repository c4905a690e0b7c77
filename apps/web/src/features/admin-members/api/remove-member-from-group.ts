import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Takes a member out of one of their additional groups (a default group is changed, not left). */
export function removeMemberFromGroup(groupId: number, memberId: number) {
  return apiRequest<{ ok: true }>(`/admin/member-groups/${groupId}/members/${memberId}/`, { method: 'DELETE' });
}

export function useRemoveMemberFromGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, memberId }: { groupId: number; memberId: number }) => removeMemberFromGroup(groupId, memberId),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.adminMembers }), qc.invalidateQueries({ queryKey: queryKeys.memberGroups })]),
  });
}

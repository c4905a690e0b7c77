import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Takes a member out of one of their additional groups (a default group is changed, not left). */
export function removeMemberFromGroup(groupId: number, memberId: number) {
  return api(routes.memberGroups.removeMember, { params: { id: groupId, member_id: memberId } });
}

export function useRemoveMemberFromGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, memberId }: { groupId: number; memberId: number }) => removeMemberFromGroup(groupId, memberId),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.adminMembers }), qc.invalidateQueries({ queryKey: queryKeys.memberGroups })]),
  });
}

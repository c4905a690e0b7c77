import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshGroupViews } from './list-admin-member-groups';

/** Takes a member out of an additional group (never their default group: that is changed on the member). */
export function removeGroupMember(groupId: number, memberId: number) {
  return api(routes.memberGroups.removeMember, { params: { id: groupId, member_id: memberId } });
}

export function useRemoveGroupMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, memberId }: { groupId: number; memberId: number }) => removeGroupMember(groupId, memberId),
    onSettled: () => Promise.all([refreshGroupViews(qc), qc.invalidateQueries({ queryKey: queryKeys.adminMembers })]),
  });
}

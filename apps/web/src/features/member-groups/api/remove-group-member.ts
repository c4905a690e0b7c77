import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshGroupViews } from './list-admin-member-groups';

/** Takes a member out of an additional group (never their default group: that is changed on the member). */
export function removeGroupMember(groupId: number, memberId: number) {
  return apiRequest<{ ok: true }>(`/admin/member-groups/${groupId}/members/${memberId}/`, { method: 'DELETE' });
}

export function useRemoveGroupMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, memberId }: { groupId: number; memberId: number }) => removeGroupMember(groupId, memberId),
    onSettled: () => Promise.all([refreshGroupViews(qc), qc.invalidateQueries({ queryKey: queryKeys.adminMembers })]),
  });
}

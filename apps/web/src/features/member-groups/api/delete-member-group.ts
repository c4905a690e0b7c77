import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshGroupViews } from './list-admin-member-groups';

export function deleteMemberGroup(id: number) {
  return api(routes.memberGroups.remove, { params: { id } });
}

/** Its members leave it too: the console's member lists change. */
export function useDeleteMemberGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteMemberGroup, onSettled: () => Promise.all([refreshGroupViews(qc), qc.invalidateQueries({ queryKey: queryKeys.adminMembers })]) });
}

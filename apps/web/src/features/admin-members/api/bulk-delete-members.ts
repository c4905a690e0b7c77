import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Each member is deleted on its own; the answer says which could not be (oneself, the last admin). */
export function bulkDeleteMembers(memberIds: number[]) {
  return api(routes.adminMembers.bulkDelete, { body: { member_ids: memberIds } });
}

export function useBulkDeleteMembers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteMembers,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.adminMembers }),
        qc.invalidateQueries({ queryKey: queryKeys.memberGroups }),
        qc.invalidateQueries({ queryKey: queryKeys.signUpSettings }),
      ]),
  });
}

import type { BulkMembersResponse } from '@app/contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Each member is deleted on its own; the answer says which could not be (oneself, the last admin). */
export function bulkDeleteMembers(memberIds: number[]) {
  return apiRequest<BulkMembersResponse>('/admin/members/bulk/delete/', { method: 'POST', body: { member_ids: memberIds } });
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

import type { PatchAdminMemberBody } from '@app/contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /admin/members/{id}/`: name, groups, custom fields, credit limit, admin right, status. */
export function updateAdminMember(id: number, body: PatchAdminMemberBody) {
  return api(routes.adminMembers.update, { params: { id }, body });
}

export function useUpdateAdminMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PatchAdminMemberBody }) => updateAdminMember(id, body),
    onSuccess: (saved) => {
      // An administrator editing their own record: the signed-in view follows.
      if (authStore.get().member?.id === saved.id) authStore.setMember(saved);
    },
    // Group changes move the groups' member counts; deactivation frees a seat.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.adminMembers }),
        qc.invalidateQueries({ queryKey: queryKeys.memberGroups }),
        qc.invalidateQueries({ queryKey: queryKeys.signUpSettings }),
      ]),
  });
}

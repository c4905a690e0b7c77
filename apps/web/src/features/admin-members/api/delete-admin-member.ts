import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Never oneself, never the last administrator (the server answers 400 with the reason). */
export function deleteAdminMember(id: number) {
  return api(routes.adminMembers.remove, { params: { id } });
}

export function useDeleteAdminMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminMember,
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.adminMembers }),
        qc.invalidateQueries({ queryKey: queryKeys.memberGroups }),
        qc.invalidateQueries({ queryKey: queryKeys.signUpSettings }),
      ]),
  });
}

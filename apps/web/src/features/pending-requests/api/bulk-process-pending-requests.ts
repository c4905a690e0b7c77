import type { BulkProcessPendingBody } from '@app/contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Several at once; each member is decided on its own and the answer says how each went. */
export function bulkProcessPendingRequests(body: BulkProcessPendingBody) {
  return api(routes.adminMembers.bulkProcessPending, { body });
}

export function useBulkProcessPendingRequests() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkProcessPendingRequests,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.adminMembers }), qc.invalidateQueries({ queryKey: queryKeys.signUpSettings })]),
  });
}

import type { BulkInviteBody } from '@app/contracts/invitations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Invites each row on its own: the answer tells per email whether it was invited or why not. */
export function inviteMembers(body: BulkInviteBody) {
  return api(routes.invitations.bulkInvite, { body });
}

export function useInviteMembers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inviteMembers,
    // Open invitations hold seats: the member count changes too.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.invitations }), qc.invalidateQueries({ queryKey: queryKeys.signUpSettings })]),
  });
}

import type { AcceptInvitationBody } from '@app/contracts/invitations';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

/** Becomes a member with the mailed temporary password and a password of one's own. */
export function acceptInvitation(hash: string, body: AcceptInvitationBody) {
  return api(routes.invitations.accept, { params: { hash }, body });
}

export const useAcceptInvitation = () => useMutation({ mutationFn: ({ hash, body }: { hash: string; body: AcceptInvitationBody }) => acceptInvitation(hash, body) });

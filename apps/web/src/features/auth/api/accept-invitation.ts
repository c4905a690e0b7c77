import type { SignUpResponse } from '@app/contracts/auth';
import type { AcceptInvitationBody } from '@app/contracts/invitations';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Becomes a member with the mailed temporary password and a password of one's own. */
export function acceptInvitation(hash: string, body: AcceptInvitationBody) {
  return apiRequest<SignUpResponse>(`/invitations/${encodeURIComponent(hash)}/accept/`, { method: 'POST', body });
}

export const useAcceptInvitation = () => useMutation({ mutationFn: ({ hash, body }: { hash: string; body: AcceptInvitationBody }) => acceptInvitation(hash, body) });

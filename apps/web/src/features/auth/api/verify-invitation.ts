import type { InvitationVerify } from '@app/contracts/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whether the invitation link is still open (404 not found or expired, 409 used), and for whom. */
export const verifyInvitationQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: ['invitation', hash],
    queryFn: () => apiRequest<InvitationVerify>(`/invitations/${encodeURIComponent(hash)}/verify/`),
    retry: false,
    staleTime: Infinity,
  });

export const useVerifyInvitation = (hash: string) => useQuery(verifyInvitationQueryOptions(hash));

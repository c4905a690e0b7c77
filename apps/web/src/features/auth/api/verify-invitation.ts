import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

/** Whether the invitation link is still open (404 not found or expired, 409 used), and for whom. */
export const verifyInvitationQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: ['invitation', hash],
    queryFn: ({ signal }) => api(routes.invitations.verify, { params: { hash }, signal }),
    retry: false,
    staleTime: Infinity,
  });

export const useVerifyInvitation = (hash: string) => useQuery(verifyInvitationQueryOptions(hash));

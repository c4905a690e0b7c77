import type { Invitation } from '@app/contracts/invitations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const INVITATIONS_PAGE_SIZE = 10;

export interface InvitationFilters {
  page: number;
  search_term?: string;
  status?: Invitation['status'];
}

export const invitationsQueryOptions = (f: InvitationFilters) =>
  queryOptions({
    queryKey: [...queryKeys.invitations, f],
    queryFn: ({ signal }) =>
      api(routes.invitations.list, {
        signal,
        query: { page: f.page, size: INVITATIONS_PAGE_SIZE, search_term: f.search_term?.trim(), status: f.status, order_by: 'created_at', order_type: 'desc' },
      }),
    placeholderData: keepPreviousData,
  });

export const useInvitations = (f: InvitationFilters) => useQuery(invitationsQueryOptions(f));

import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The console asks 10 per page (spec §9). */
export const ADMIN_ANNOUNCEMENTS_PAGE_SIZE = 10;

export const announcementsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.announcements, 'admin', page],
    queryFn: ({ signal }) => api(routes.announcements.list, { query: { page, size: ADMIN_ANNOUNCEMENTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (page: number) => useQuery(announcementsQueryOptions(page));

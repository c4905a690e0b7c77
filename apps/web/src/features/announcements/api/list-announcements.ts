import type { AnnouncementList } from '@app/contracts/announcements';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The console asks 10 per page (spec §9). */
export const ADMIN_ANNOUNCEMENTS_PAGE_SIZE = 10;

export const announcementsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.announcements, 'admin', page],
    queryFn: () => apiRequest<AnnouncementList>('/admin/announcements/', { query: { page, size: ADMIN_ANNOUNCEMENTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (page: number) => useQuery(announcementsQueryOptions(page));

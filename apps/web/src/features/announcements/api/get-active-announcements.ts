import type { ActiveAnnouncements } from '@app/contracts/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const activeAnnouncementsQueryOptions = queryOptions({
  queryKey: [...queryKeys.announcements, 'active'],
  queryFn: () => apiRequest<ActiveAnnouncements>('/announcements/active/'),
});

export const useActiveAnnouncements = (enabled = true) => useQuery({ ...activeAnnouncementsQueryOptions, enabled });

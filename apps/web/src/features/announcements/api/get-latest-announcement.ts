import type { AnnouncementLocation, LatestAnnouncement } from '@app/contracts/announcements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: the sign-in page shows it before anyone signs in. */
export const latestAnnouncementQueryOptions = (location: AnnouncementLocation) =>
  queryOptions({
    queryKey: [...queryKeys.announcements, 'latest', location],
    queryFn: () => apiRequest<LatestAnnouncement>('/announcements/latest/', { query: { location } }),
  });

export const useLatestAnnouncement = (location: AnnouncementLocation, enabled = true) => useQuery({ ...latestAnnouncementQueryOptions(location), enabled });

import type { AnnouncementLocation } from '@app/contracts/announcements';
import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Public: the sign-in page shows it before anyone signs in. */
export const latestAnnouncementQueryOptions = (location: AnnouncementLocation) =>
  queryOptions({
    queryKey: [...queryKeys.announcements, 'latest', location],
    queryFn: ({ signal }) => api(routes.announcements.latest, { query: { location }, signal }),
  });

export const useLatestAnnouncement = (location: AnnouncementLocation, enabled = true) => useQuery({ ...latestAnnouncementQueryOptions(location), enabled });

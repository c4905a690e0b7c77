import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const activeAnnouncementsQueryOptions = queryOptions({
  queryKey: [...queryKeys.announcements, 'active'],
  queryFn: ({ signal }) => api(routes.announcements.active, { signal }),
});

export const useActiveAnnouncements = (enabled = true) => useQuery({ ...activeAnnouncementsQueryOptions, enabled });

import type { Announcement, CreateAnnouncementBody, PatchAnnouncementBody } from '@app/contracts/announcements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createAnnouncement(body: CreateAnnouncementBody) {
  return apiRequest<Announcement>('/admin/announcements/', { method: 'POST', body });
}

export function updateAnnouncement(id: number, body: PatchAnnouncementBody) {
  return apiRequest<Announcement>(`/admin/announcements/${id}/`, { method: 'PATCH', body });
}

/** Create (no id) or update; every announcement list and card refreshes afterwards. */
export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateAnnouncementBody }) => (id === null ? createAnnouncement(body) : updateAnnouncement(id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.announcements }),
  });
}

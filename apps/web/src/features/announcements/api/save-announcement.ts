import type { CreateAnnouncementBody, PatchAnnouncementBody } from '@app/contracts/announcements';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createAnnouncement(body: CreateAnnouncementBody) {
  return api(routes.announcements.create, { body });
}

export function updateAnnouncement(id: number, body: PatchAnnouncementBody) {
  return api(routes.announcements.update, { params: { id }, body });
}

/** Create (no id) or update; every announcement list and card refreshes afterwards. */
export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateAnnouncementBody }) => (id === null ? createAnnouncement(body) : updateAnnouncement(id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.announcements }),
  });
}

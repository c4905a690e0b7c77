import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteAnnouncement(id: number) {
  return api(routes.announcements.remove, { params: { id } });
}

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncement, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.announcements }) });
}

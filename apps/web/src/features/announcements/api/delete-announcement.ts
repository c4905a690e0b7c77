import type { Ok } from '@app/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteAnnouncement(id: number) {
  return apiRequest<Ok>(`/admin/announcements/${id}/`, { method: 'DELETE' });
}

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncement, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.announcements }) });
}

import type { ReleaseNotes, ReleaseNotesSeen } from '@app/contracts/release-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { releaseNotesKey } from './get-release-notes';

export function markReleaseNotesSeen() {
  return apiRequest<ReleaseNotesSeen>('/admin/release-notes/seen/', { method: 'POST' });
}

/** Closing the modal marks the release seen; the cached notes say so at once (no refetch, no second showing). */
export function useMarkReleaseNotesSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markReleaseNotesSeen,
    onMutate: () => qc.setQueryData<ReleaseNotes>(releaseNotesKey, (d) => (d ? { ...d, seen: true } : d)),
  });
}

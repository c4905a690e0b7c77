import type { ReleaseNotes } from '@app/contracts/release-notes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { releaseNotesKey } from './get-release-notes';

export function markReleaseNotesSeen() {
  return api(routes.releaseNotes.markSeen);
}

/** Closing the modal marks the release seen; the cached notes say so at once (no refetch, no second showing). */
export function useMarkReleaseNotesSeen() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markReleaseNotesSeen,
    onMutate: () => qc.setQueryData<ReleaseNotes>(releaseNotesKey, (d) => (d ? { ...d, seen: true } : d)),
  });
}

import type { ReleaseNotes } from '@app/contracts/release-notes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const releaseNotesKey = ['release-notes'] as const;

export const releaseNotesQueryOptions = queryOptions({
  queryKey: releaseNotesKey,
  queryFn: () => apiRequest<ReleaseNotes>('/admin/release-notes/'),
  // Asked once per visit: the running release does not change under an open console.
  staleTime: Infinity,
  retry: false,
});

export const useReleaseNotes = () => useQuery(releaseNotesQueryOptions);

import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

export const releaseNotesKey = ['release-notes'] as const;

export const releaseNotesQueryOptions = queryOptions({
  queryKey: releaseNotesKey,
  queryFn: ({ signal }) => api(routes.releaseNotes.get, { signal }),
  // Asked once per visit: the running release does not change under an open console.
  staleTime: Infinity,
  retry: false,
});

export const useReleaseNotes = () => useQuery(releaseNotesQueryOptions);

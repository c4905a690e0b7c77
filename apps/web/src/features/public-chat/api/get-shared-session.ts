import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A session its member chose to share: title, dates and the chatbot's name and image only (404 session_not_found when not shared). */
export const sharedSessionQueryOptions = (shareHash: string) =>
  queryOptions({ queryKey: ['shared-session', shareHash] as const, queryFn: ({ signal }) => api(routes.public.session, { params: { hash: shareHash }, signal }) });

export const useSharedSession = (shareHash: string) => useQuery(sharedSessionQueryOptions(shareHash));

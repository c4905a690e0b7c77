import type { SharedSession } from '@app/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A session its member chose to share: title, dates and the chatbot's name and image only (404 session_not_found when not shared). */
export const sharedSessionQueryOptions = (shareHash: string) =>
  queryOptions({ queryKey: ['shared-session', shareHash] as const, queryFn: () => apiRequest<SharedSession>(`/public/sessions/${encodeURIComponent(shareHash)}/`) });

export const useSharedSession = (shareHash: string) => useQuery(sharedSessionQueryOptions(shareHash));

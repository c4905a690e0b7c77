import type { PublicChatbot } from '@app/contracts/public';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A public chatbot's approved version, read without a token (404 chatbot_unavailable when private, deleted or not approved). */
export const publicChatbotQueryOptions = (hash: string) =>
  queryOptions({ queryKey: ['public-chatbot', hash] as const, queryFn: () => apiRequest<PublicChatbot>(`/public/chatbots/${encodeURIComponent(hash)}/`) });

export const usePublicChatbot = (hash: string) => useQuery(publicChatbotQueryOptions(hash));

import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A public chatbot's approved version, read without a token (404 chatbot_unavailable when private, deleted or not approved). */
export const publicChatbotQueryOptions = (hash: string) =>
  queryOptions({ queryKey: ['public-chatbot', hash] as const, queryFn: ({ signal }) => api(routes.public.chatbot, { params: { hash }, signal }) });

export const usePublicChatbot = (hash: string) => useQuery(publicChatbotQueryOptions(hash));

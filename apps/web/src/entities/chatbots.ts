import type { ListChatbotsQuery } from '@app/contracts/chatbots';
import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/**
 * Chatbot lists and one chatbot, read by the dashboard, the chat, the studio, the store and the
 * developers' page (one query key per list and per chatbot). Every list lives under
 * `queryKeys.chatbots`, so a change made anywhere refreshes them all.
 */
export const chatbotsQueryOptions = (query: ListChatbotsQuery) =>
  queryOptions({ queryKey: queryKeys.chatbots(query), queryFn: ({ signal }) => api(routes.chatbots.list, { query, signal }) });

export const chatbotQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.chatbot(id), queryFn: ({ signal }) => api(routes.chatbots.get, { params: { id }, signal }) });

export const useChatbot = (id: number | undefined) => useQuery({ ...chatbotQueryOptions(id ?? 0), enabled: id !== undefined });

import type { ChatbotList } from '@app/contracts/chatbots';
import type { ListChatbotsQuery } from '@app/contracts/chatbots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The dashboard loads up to 30 chatbots with the defaults (spec §9). */
export const DASHBOARD_CHATBOTS: ListChatbotsQuery = { include_default: true, size: 30, order_by: 'id.asc' };

export const chatbotsQueryOptions = (params: ListChatbotsQuery = DASHBOARD_CHATBOTS) =>
  queryOptions({
    queryKey: queryKeys.chatbots(params),
    queryFn: () => apiRequest<ChatbotList>('/chatbots/', { query: { ...params } }),
  });

export const useChatbots = (params?: ListChatbotsQuery) => useQuery(chatbotsQueryOptions(params));

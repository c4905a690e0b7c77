import type { Chatbot } from '@app/contracts/chatbots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const chatbotQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.chatbot(id), queryFn: () => apiRequest<Chatbot>(`/chatbots/${id}/`, {}) });

export const useChatbot = (id: number | undefined) => useQuery({ ...chatbotQueryOptions(id ?? 0), enabled: id !== undefined });

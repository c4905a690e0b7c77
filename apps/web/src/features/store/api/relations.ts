import type { ChatbotList } from '@app/contracts/chatbots';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { recentQuery } from '../lib/store-query';

/** The member's recently used chatbots (spec §9: the first 3 non-default ones), most recent first. */
export const recentChatbotsQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: queryKeys.chatbots(recentQuery(memberId)),
    queryFn: () => apiRequest<ChatbotList>('/chatbots/', { query: { ...recentQuery(memberId) } }),
  });

export const useRecentChatbots = (memberId: number | undefined) => useQuery({ ...recentChatbotsQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

/** Marks a chatbot as recently used (opening a chat with it). */
export function markRecentChatbot(id: number) {
  return apiRequest<{ ok: true }>(`/chatbots/${id}/relations/`, { method: 'POST' });
}

/** Takes a chatbot out of the recently used list. */
export function removeRecentChatbot(id: number) {
  return apiRequest<{ ok: true }>(`/chatbots/${id}/relations/`, { method: 'DELETE' });
}

const recentKey = (memberId: number) => recentChatbotsQueryOptions(memberId).queryKey;

export function useMarkRecentChatbot(memberId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markRecentChatbot,
    onSuccess: () => (memberId === undefined ? undefined : qc.invalidateQueries({ queryKey: recentKey(memberId) })),
  });
}

/** Removed at once from the list shown; the list is asked again afterwards either way. */
export function useRemoveRecentChatbot(memberId: number | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeRecentChatbot,
    onMutate: async (id: number) => {
      if (memberId === undefined) return;
      await qc.cancelQueries({ queryKey: recentKey(memberId) });
      qc.setQueryData<ChatbotList>(recentKey(memberId), (old) => (old ? { ...old, items: old.items.filter((c) => c.id !== id) } : old));
    },
    onSettled: () => (memberId === undefined ? undefined : qc.invalidateQueries({ queryKey: recentKey(memberId) })),
  });
}

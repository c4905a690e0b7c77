import type { ChatbotList } from '@app/contracts/chatbots';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { chatbotsQueryOptions } from '../../../entities/chatbots';
import { api } from '../../../lib/api-client';
import { recentQuery } from '../lib/store-query';

/** The member's recently used chatbots (spec §9: the first 3 non-default ones), most recent first. */
export const recentChatbotsQueryOptions = (memberId: number) => chatbotsQueryOptions(recentQuery(memberId));

export const useRecentChatbots = (memberId: number | undefined) => useQuery({ ...recentChatbotsQueryOptions(memberId ?? 0), enabled: memberId !== undefined });

/** Marks a chatbot as recently used (opening a chat with it). */
export function markRecentChatbot(id: number) {
  return api(routes.chatbots.markUsed, { params: { id } });
}

/** Takes a chatbot out of the recently used list. */
export function removeRecentChatbot(id: number) {
  return api(routes.chatbots.forgetUsed, { params: { id } });
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

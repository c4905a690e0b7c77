import type { Chatbot } from '@app/contracts/chatbots';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/use-auth';
import { useMarkRecentChatbot } from '../api/relations';

/**
 * Opening a chat with a non-default chatbot makes it recently used (spec §9). Once per chatbot
 * opened: the chat page calls this with the chatbot it shows.
 */
export function useMarkRecent(bot: Pick<Chatbot, 'id' | 'is_default'> | undefined) {
  const { member } = useAuth();
  const { mutate } = useMarkRecentChatbot(member?.id);
  const id = bot && !bot.is_default ? bot.id : undefined;
  useEffect(() => {
    if (id !== undefined) mutate(id);
  }, [id, mutate]);
}

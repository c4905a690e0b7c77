import type { Chatbot } from '@app/contracts/chatbots';

/** The chatbot's name in the interface language, the other language's when it has none there, '' when it has neither. */
export function chatbotName(c: Pick<Chatbot, 'ko_name' | 'en_name'>, language: string): string {
  const [first, second] = language === 'ko' ? [c.ko_name, c.en_name] : [c.en_name, c.ko_name];
  return first.trim() || second.trim();
}

/** The chatbot's public link (spec §6: visitors need no account). */
export const publicLink = (origin: string, hashId: string) => `${origin}/public/chatbots/${hashId}`;

import type { ApiKey } from '@app/contracts/apikeys';

/** How the list shows a key: its first characters and an ellipsis (the API's prefix has it already; the rest is never known again). */
export const maskedKey = (prefix: string) => (prefix.endsWith('…') ? prefix : `${prefix}…`);

/** The names of a key's chatbots, in the list's order; ids the member can no longer see are counted, not named. */
export function keyChatbotNames(k: Pick<ApiKey, 'chatbot_ids'>, names: ReadonlyMap<number, string>): { names: string[]; unknown: number } | null {
  if (k.chatbot_ids === null) return null;
  const known = k.chatbot_ids.filter((id) => names.has(id)).map((id) => names.get(id)!);
  return { names: known, unknown: k.chatbot_ids.length - known.length };
}

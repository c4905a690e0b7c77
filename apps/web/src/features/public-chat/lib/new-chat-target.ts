import type { SharedSession } from '@app/contracts/public';

/**
 * Where "New chat" on a shared session leads: a member to a new chat with the chatbot in their
 * dashboard; a visitor to the chatbot's public page when it has one, else to sign in.
 */
export function newChatTarget(signedIn: boolean, chatbot: Pick<SharedSession['chatbot'], 'id' | 'public_hash_id'>): string {
  if (signedIn) return `/dashboard/chat/${chatbot.id}`;
  if (chatbot.public_hash_id) return `/public/chatbots/${encodeURIComponent(chatbot.public_hash_id)}`;
  return '/auth';
}

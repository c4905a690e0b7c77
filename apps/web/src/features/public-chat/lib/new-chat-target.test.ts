import { describe, expect, it } from 'vitest';
import { newChatTarget } from './new-chat-target';

describe('newChatTarget', () => {
  it('sends a member to a new chat in their dashboard, public link or not', () => {
    expect(newChatTarget(true, { id: 7, public_hash_id: 'abc' })).toBe('/dashboard/chat/7');
    expect(newChatTarget(true, { id: 7, public_hash_id: null })).toBe('/dashboard/chat/7');
  });
  it("sends a visitor to the chatbot's public page, or to sign in when it has none", () => {
    expect(newChatTarget(false, { id: 7, public_hash_id: 'abc' })).toBe('/public/chatbots/abc');
    expect(newChatTarget(false, { id: 7, public_hash_id: null })).toBe('/auth');
  });
});

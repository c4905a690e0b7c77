import type { Chatbot, ChatbotAccessBody } from '@app/contracts/chatbots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatbotChanged } from './refresh-chatbot';

/**
 * PATCH /chatbots/{id}/access/: `is_public: true` asks the admins to review (first publication or
 * the changes to a public chatbot); `false` makes it private at once, withdrawing a pending request.
 */
export const setChatbotAccess = (id: number, body: ChatbotAccessBody) => apiRequest<Chatbot>(`/chatbots/${id}/access/`, { method: 'PATCH', body });

export function useSetChatbotAccess() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: ChatbotAccessBody }) => setChatbotAccess(id, body), onSuccess: (c) => chatbotChanged(qc, c) });
}

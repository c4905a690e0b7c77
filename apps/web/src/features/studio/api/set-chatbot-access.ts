import type { ChatbotAccessBody } from '@app/contracts/chatbots';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatbotChanged } from './refresh-chatbot';

/**
 * PATCH /chatbots/{id}/access/: `is_public: true` asks the admins to review (first publication or
 * the changes to a public chatbot); `false` makes it private at once, withdrawing a pending request.
 */
export const setChatbotAccess = (id: number, body: ChatbotAccessBody) => api(routes.chatbots.setAccess, { params: { id }, body });

export function useSetChatbotAccess() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: ChatbotAccessBody }) => setChatbotAccess(id, body), onSuccess: (c) => chatbotChanged(qc, c) });
}

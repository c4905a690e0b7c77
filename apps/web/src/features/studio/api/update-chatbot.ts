import type { UpdateChatbotBody } from '@app/contracts/chatbots';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatbotChanged } from './refresh-chatbot';

/** PATCH /chatbots/{id}/: only the fields given change (the draft; a public chatbot's approved version stays until review). */
export const updateChatbot = (id: number, body: UpdateChatbotBody) => api(routes.chatbots.update, { params: { id }, body });

export function useUpdateChatbot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateChatbotBody }) => updateChatbot(id, body), onSuccess: (c) => chatbotChanged(qc, c) });
}

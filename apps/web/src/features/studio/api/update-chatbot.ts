import type { Chatbot, UpdateChatbotBody } from '@app/contracts/chatbots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatbotChanged } from './refresh-chatbot';

/** PATCH /chatbots/{id}/: only the fields given change (the draft; a public chatbot's approved version stays until review). */
export const updateChatbot = (id: number, body: UpdateChatbotBody) => apiRequest<Chatbot>(`/chatbots/${id}/`, { method: 'PATCH', body });

export function useUpdateChatbot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: UpdateChatbotBody }) => updateChatbot(id, body), onSuccess: (c) => chatbotChanged(qc, c) });
}

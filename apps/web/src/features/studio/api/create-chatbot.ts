import type { Chatbot } from '@app/contracts/chatbots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatbotChanged } from './refresh-chatbot';

/** POST /chatbots/: an empty private draft (temperature and top_p 1, the first model the member may use). */
export const createChatbot = () => apiRequest<Chatbot>('/chatbots/', { method: 'POST' });

export function useCreateChatbot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createChatbot, onSuccess: (c) => chatbotChanged(qc, c) });
}

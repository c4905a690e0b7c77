import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatbotChanged } from './refresh-chatbot';

/** POST /chatbots/: an empty private draft (temperature and top_p 1, the first model the member may use). */
export const createChatbot = () => api(routes.chatbots.create);

export function useCreateChatbot() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createChatbot, onSuccess: (c) => chatbotChanged(qc, c) });
}

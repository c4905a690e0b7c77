import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { chatbotsChanged } from './refresh-chatbot';

/** DELETE /chatbots/{id}/: gone from every list, its public link and store card too. */
export const deleteChatbot = (id: number) => api(routes.chatbots.remove, { params: { id } });

export function useDeleteChatbot() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteChatbot,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: queryKeys.chatbot(id) });
      chatbotsChanged(qc);
    },
  });
}

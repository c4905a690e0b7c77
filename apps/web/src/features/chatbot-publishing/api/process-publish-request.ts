import type { ProcessPublishBody, PublishRequest } from '@app/contracts/chatbot-publishing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshPublishViews } from './list-publish-requests';

/** Approve, or reject with an optional reason; the author is mailed either way (spec §4). */
export function processPublishRequest(chatbotId: number, body: ProcessPublishBody) {
  return apiRequest<PublishRequest>(`/admin/chatbots/${chatbotId}/process-publish-request/`, { method: 'POST', body });
}

export function useProcessPublishRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ chatbotId, body }: { chatbotId: number; body: ProcessPublishBody }) => processPublishRequest(chatbotId, body), onSettled: () => refreshPublishViews(qc) });
}

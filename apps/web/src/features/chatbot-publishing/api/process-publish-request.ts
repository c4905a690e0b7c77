import type { ProcessPublishBody } from '@app/contracts/chatbot-publishing';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshPublishViews } from './list-publish-requests';

/** Approve, or reject with an optional reason; the author is mailed either way (spec §4). */
export function processPublishRequest(chatbotId: number, body: ProcessPublishBody) {
  return api(routes.chatbotPublishing.process, { params: { id: chatbotId }, body });
}

export function useProcessPublishRequest() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ chatbotId, body }: { chatbotId: number; body: ProcessPublishBody }) => processPublishRequest(chatbotId, body), onSettled: () => refreshPublishViews(qc) });
}

import type { BulkProcessPublishBody } from '@app/contracts/chatbot-publishing';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshPublishViews } from './list-publish-requests';

/** Several requests at once; each is decided on its own and the answer names those that failed. */
export function bulkProcessPublishRequests(body: BulkProcessPublishBody) {
  return api(routes.chatbotPublishing.processMany, { body });
}

export function useBulkProcessPublishRequests() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bulkProcessPublishRequests, onSettled: () => refreshPublishViews(qc) });
}

import type { BulkProcessPublishBody, BulkProcessPublishResult } from '@app/contracts/chatbot-publishing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshPublishViews } from './list-publish-requests';

/** Several requests at once; each is decided on its own and the answer names those that failed. */
export function bulkProcessPublishRequests(body: BulkProcessPublishBody) {
  return apiRequest<BulkProcessPublishResult>('/admin/chatbots/bulk-process-publish-request/', { method: 'POST', body });
}

export function useBulkProcessPublishRequests() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: bulkProcessPublishRequests, onSettled: () => refreshPublishViews(qc) });
}

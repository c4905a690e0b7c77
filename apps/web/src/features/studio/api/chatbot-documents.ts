import type { Chatbot } from '@app/contracts/chatbots';
import { routes } from '@app/contracts/routes.gen';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { documentType } from '../lib/files';
import { postMultipart } from './post-multipart';

/** POST /chatbots/{id}/documents/ (one `files` field each): answers all the chatbot's documents. */
export function uploadDocuments(id: number, files: File[]) {
  const form = new FormData();
  // With the type the platform checks: browsers send Markdown as '' or octet-stream.
  for (const f of files) form.append('files', new File([f], f.name, { type: documentType(f) }), f.name);
  return postMultipart(routes.chatbots.uploadDocuments, { id }, form);
}

export const deleteDocument = (id: number, documentId: number) => api(routes.chatbots.removeDocument, { params: { id, document_id: documentId } });

/** The chatbot's cached record takes its new document list (the draft's other fields are unchanged). */
function setDocuments(qc: QueryClient, id: number, update: (docs: Chatbot['documents']) => Chatbot['documents']) {
  qc.setQueryData<Chatbot>(queryKeys.chatbot(id), (c) => (c ? { ...c, documents: update(c.documents) } : c));
}

export function useUploadDocuments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files }: { id: number; files: File[] }) => uploadDocuments(id, files),
    onSuccess: (res, { id }) => setDocuments(qc, id, () => res.items),
  });
}

/** Documents still being read and indexed: the chatbot is reloaded every 1.5 s until none is. */
export function useDocumentsIndexing(chatbot: Chatbot) {
  const qc = useQueryClient();
  const pending = chatbot.documents.some((d) => d.status === 'queued' || d.status === 'parsing');
  useQuery({
    queryKey: [...queryKeys.chatbot(chatbot.id), 'documents-indexing'],
    queryFn: async ({ signal }) => {
      const fresh = await api(routes.chatbots.get, { params: { id: chatbot.id }, signal });
      setDocuments(qc, chatbot.id, () => fresh.documents);
      return fresh.documents;
    },
    enabled: pending,
    refetchInterval: pending ? 1500 : false,
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, documentId }: { id: number; documentId: number }) => deleteDocument(id, documentId),
    onSuccess: (_, { id, documentId }) => setDocuments(qc, id, (docs) => docs.filter((d) => d.id !== documentId)),
  });
}

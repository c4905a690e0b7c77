import type { Category } from '@app/contracts/categories';
import type { CategoryBody } from '@app/contracts/chatbot-publishing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Adds a category, or renames one (id given). */
export function saveCategory({ id, body }: { id?: number; body: CategoryBody }) {
  return id === undefined
    ? apiRequest<Category>('/admin/categories/', { method: 'POST', body })
    : apiRequest<Category>(`/admin/categories/${id}/`, { method: 'PATCH', body });
}

export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCategory, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.categories }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteCategory(id: number) {
  return api(routes.categories.remove, { params: { id } });
}

/** Chatbots in it lose the category: the chatbot lists change too. */
export function useDeleteCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: queryKeys.categories }), qc.invalidateQueries({ queryKey: queryKeys.chatbots().slice(0, 1) })]),
  });
}

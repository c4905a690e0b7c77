import type { CategoryBody } from '@app/contracts/categories';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Adds a category, or renames one (id given). */
export function saveCategory({ id, body }: { id?: number; body: CategoryBody }) {
  return id === undefined ? api(routes.categories.create, { body }) : api(routes.categories.update, { params: { id }, body });
}

export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCategory, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.categories }) });
}

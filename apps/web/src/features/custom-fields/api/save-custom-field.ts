import type { CreateCustomFieldBody } from '@app/contracts/sign-up-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createCustomField(body: CreateCustomFieldBody) {
  return api(routes.signUpSettings.createCustomField, { body });
}

export function updateCustomField(id: number, body: CreateCustomFieldBody) {
  return api(routes.signUpSettings.updateCustomField, { params: { id }, body });
}

/** Create (no id) or update; every field list (console, sign-up, member page) refreshes. */
export function useSaveCustomField() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateCustomFieldBody }) => (id === null ? createCustomField(body) : updateCustomField(id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.customFields }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteCustomField(id: number) {
  return api(routes.signUpSettings.removeCustomField, { params: { id } });
}

export function useDeleteCustomField() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCustomField, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.customFields }) });
}

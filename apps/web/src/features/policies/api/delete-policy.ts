import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deletePolicy(id: number) {
  return api(routes.signUpSettings.removePolicy, { params: { id } });
}

export function useDeletePolicy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePolicy, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.policies }) });
}

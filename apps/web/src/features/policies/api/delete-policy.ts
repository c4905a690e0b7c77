import type { Ok } from '@app/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deletePolicy(id: number) {
  return apiRequest<Ok>(`/admin/policies/${id}/`, { method: 'DELETE' });
}

export function useDeletePolicy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deletePolicy, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.policies }) });
}

import type { Ok } from '@app/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteCustomField(id: number) {
  return apiRequest<Ok>(`/admin/custom-fields/${id}/`, { method: 'DELETE' });
}

export function useDeleteCustomField() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteCustomField, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.customFields }) });
}

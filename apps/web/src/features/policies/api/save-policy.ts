import type { CreatePolicyBody, Policy } from '@app/contracts/sign-up-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createPolicy(body: CreatePolicyBody) {
  return apiRequest<Policy>('/admin/policies/', { method: 'POST', body });
}

export function updatePolicy(id: number, body: CreatePolicyBody) {
  return apiRequest<Policy>(`/admin/policies/${id}/`, { method: 'PATCH', body });
}

/** Create (no id) or update; the console's and the sign-up form's lists refresh. */
export function useSavePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreatePolicyBody }) => (id === null ? createPolicy(body) : updatePolicy(id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.policies }),
  });
}

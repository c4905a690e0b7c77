import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_KEY } from './list-api-keys';

/** Revoked at once: the next request with its secret is refused. */
export function revokeApiKey(id: number) {
  return apiRequest<{ ok: true }>(`/apikeys/${id}/`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}

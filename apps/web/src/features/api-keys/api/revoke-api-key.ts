import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_KEYS_KEY } from './list-api-keys';

/** Revoked at once: the next request with its secret is refused. */
export function revokeApiKey(id: number) {
  return api(routes.apikeys.remove, { params: { id } });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSettled: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}

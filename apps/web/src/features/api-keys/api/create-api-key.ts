import type { CreateApiKeyBody } from '@app/contracts/apikeys';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_KEYS_KEY } from './list-api-keys';

/** The only answer that holds the secret: the caller shows it once. */
export function createApiKey(body: CreateApiKeyBody) {
  return api(routes.apikeys.create, { body });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}

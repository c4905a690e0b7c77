import type { CreateApiKeyBody, CreatedApiKey } from '@app/contracts/apikeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_KEY } from './list-api-keys';

/** The only answer that holds the secret: the caller shows it once. */
export function createApiKey(body: CreateApiKeyBody) {
  return apiRequest<CreatedApiKey>('/apikeys/', { method: 'POST', body });
}

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}

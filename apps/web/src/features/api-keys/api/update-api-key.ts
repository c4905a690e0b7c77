import type { ApiKey, UpdateApiKeyBody } from '@app/contracts/apikeys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { API_KEYS_KEY } from './list-api-keys';

/** Renames the key or changes its chatbots; only the fields given change. */
export function updateApiKey(id: number, body: UpdateApiKeyBody) {
  return apiRequest<ApiKey>(`/apikeys/${id}/`, { method: 'PATCH', body });
}

export function useUpdateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateApiKeyBody }) => updateApiKey(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

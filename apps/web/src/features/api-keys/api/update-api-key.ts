import type { UpdateApiKeyBody } from '@app/contracts/apikeys';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { API_KEYS_KEY } from './list-api-keys';

/** Renames the key or changes its chatbots; only the fields given change. */
export function updateApiKey(id: number, body: UpdateApiKeyBody) {
  return api(routes.apikeys.update, { params: { id }, body });
}

export function useUpdateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateApiKeyBody }) => updateApiKey(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

import type { RestrictedWordsSettings, RestrictedWordsSettingsBody } from '@app/contracts/governance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Replaces the whole settings (spec §7 `POST /admin/restricted-words/`). */
export function saveRestrictedWords(body: RestrictedWordsSettingsBody) {
  return apiRequest<RestrictedWordsSettings>('/admin/restricted-words/', { method: 'POST', body });
}

export function useSaveRestrictedWords() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRestrictedWords, onSuccess: (s) => qc.setQueryData(queryKeys.restrictedWords, s) });
}

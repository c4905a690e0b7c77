import type { RestrictedWordsSettingsBody } from '@app/contracts/governance';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Replaces the whole settings (spec §7 `POST /admin/restricted-words/`). */
export function saveRestrictedWords(body: RestrictedWordsSettingsBody) {
  return api(routes.governance.save, { body });
}

export function useSaveRestrictedWords() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveRestrictedWords, onSuccess: (s) => qc.setQueryData(queryKeys.restrictedWords, s) });
}

import { routes } from '@app/contracts/routes.gen';
import type { SaveWebSearchSettingsBody } from '@app/contracts/web-search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { webSearchSettingsKey } from './get-web-search-settings';

/** Replaces the settings (`PUT /admin/web-search-settings/`): `api_key` absent keeps the stored key, null removes it. */
export function saveWebSearchSettings(body: SaveWebSearchSettingsBody) {
  return api(routes.webSearch.saveSettings, { body });
}

export function useSaveWebSearchSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveWebSearchSettings, onSuccess: (s) => qc.setQueryData(webSearchSettingsKey, s) });
}

import type { SaveWebSearchSettingsBody, WebSearchSettings } from '@app/contracts/web-search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webSearchSettingsKey } from './get-web-search-settings';

/** Replaces the settings (`PUT /admin/web-search-settings/`): `api_key` absent keeps the stored key, null removes it. */
export function saveWebSearchSettings(body: SaveWebSearchSettingsBody) {
  return apiRequest<WebSearchSettings>('/admin/web-search-settings/', { method: 'PUT', body });
}

export function useSaveWebSearchSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveWebSearchSettings, onSuccess: (s) => qc.setQueryData(webSearchSettingsKey, s) });
}

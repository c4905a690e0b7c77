import type { PatchChatSettingsBody } from '@app/contracts/chat-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { chatSettingsKey } from './get-chat-settings';

/** Changes the settings sent (`PATCH /admin/chat-settings/`). */
export function updateChatSettings(body: PatchChatSettingsBody) {
  return api(routes.chatSettings.update, { body });
}

export function useUpdateChatSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateChatSettings, onSuccess: (s) => qc.setQueryData(chatSettingsKey, s) });
}

import type { ChatSettings, PatchChatSettingsBody } from '@app/contracts/chat-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatSettingsKey } from './get-chat-settings';

/** Changes the settings sent (`PATCH /admin/chat-settings/`). */
export function updateChatSettings(body: PatchChatSettingsBody) {
  return apiRequest<ChatSettings>('/admin/chat-settings/', { method: 'PATCH', body });
}

export function useUpdateChatSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateChatSettings, onSuccess: (s) => qc.setQueryData(chatSettingsKey, s) });
}

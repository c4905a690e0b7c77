import type { ChatSettings } from '@app/contracts/chat-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const chatSettingsKey = ['chat-settings'] as const;

export const chatSettingsQueryOptions = queryOptions({
  queryKey: chatSettingsKey,
  queryFn: () => apiRequest<ChatSettings>('/admin/chat-settings/'),
});

/** The tenant's chat settings (`GET /admin/chat-settings/`). */
export const useChatSettings = () => useQuery(chatSettingsQueryOptions);

import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

export const chatSettingsKey = ['chat-settings'] as const;

export const chatSettingsQueryOptions = queryOptions({
  queryKey: chatSettingsKey,
  queryFn: ({ signal }) => api(routes.chatSettings.get, { signal }),
});

/** The tenant's chat settings (`GET /admin/chat-settings/`). */
export const useChatSettings = () => useQuery(chatSettingsQueryOptions);

import type { WebSearchSettings } from '@app/contracts/web-search';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const webSearchSettingsKey = ['web-search-settings'] as const;

export const webSearchSettingsQueryOptions = queryOptions({
  queryKey: webSearchSettingsKey,
  queryFn: () => apiRequest<WebSearchSettings>('/admin/web-search-settings/'),
});

/** The tenant's web search settings (`GET /admin/web-search-settings/`); the API key only as `api_key_set`. */
export const useWebSearchSettings = () => useQuery(webSearchSettingsQueryOptions);

import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const webSearchSettingsKey = ['web-search-settings'] as const;

export const webSearchSettingsQueryOptions = queryOptions({
  queryKey: webSearchSettingsKey,
  queryFn: ({ signal }) => api(routes.webSearch.getSettings, { signal }),
});

/** The tenant's web search settings (`GET /admin/web-search-settings/`); the API key only as `api_key_set`. */
export const useWebSearchSettings = () => useQuery(webSearchSettingsQueryOptions);

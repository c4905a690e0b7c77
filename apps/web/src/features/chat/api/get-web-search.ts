import { routes } from '@app/contracts/routes.gen';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /web-search/: whether the tenant searches the web at all; the chat offers its switch only then. */
export const useWebSearchStatus = (enabled: boolean) => useQuery({ queryKey: ['web-search'], queryFn: ({ signal }) => api(routes.webSearch.status, { signal }), enabled, staleTime: 60_000 });

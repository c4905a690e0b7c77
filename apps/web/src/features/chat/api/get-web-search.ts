import type { WebSearchStatus } from '@app/contracts/web-search';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /web-search/: whether the tenant searches the web at all; the chat offers its switch only then. */
export const useWebSearchStatus = (enabled: boolean) =>
  useQuery({ queryKey: ['web-search'], queryFn: () => apiRequest<WebSearchStatus>('/web-search/'), enabled, staleTime: 60_000 });

import { routes } from '@app/contracts/routes.gen';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tools/: the built-in tools and whether the member's groups may use each (the studio's tool switches). */
export const useTools = () => useQuery({ queryKey: queryKeys.tools, queryFn: ({ signal }) => api(routes.tools.list, { signal }) });

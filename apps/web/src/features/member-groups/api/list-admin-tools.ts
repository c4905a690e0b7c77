import { routes } from '@app/contracts/routes.gen';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/tools/: every built-in tool with its availability for every group (the tool access matrix). */
export const useAdminTools = () => useQuery({ queryKey: queryKeys.adminTools, queryFn: ({ signal }) => api(routes.tools.listAdmin, { signal }) });

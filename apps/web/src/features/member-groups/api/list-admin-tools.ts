import type { AdminToolList } from '@app/contracts/tools';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/tools/: every built-in tool with its availability for every group (the tool access matrix). */
export const useAdminTools = () => useQuery({ queryKey: queryKeys.adminTools, queryFn: () => apiRequest<AdminToolList>('/admin/tools/') });

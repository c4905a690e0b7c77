import type { MemberToolList } from '@app/contracts/tools';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tools/: the built-in tools and whether the member's groups may use each (the studio's tool switches). */
export const useTools = () => useQuery({ queryKey: queryKeys.tools, queryFn: () => apiRequest<MemberToolList>('/tools/') });

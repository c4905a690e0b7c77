import type { MemberGroupSummaryList } from '@app/contracts/sign-up-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Public (sign-up reads it before anyone signs in): default groups (`is_default: true`, one of which
 * a member belongs to first) or additional groups (`false`); up to 100, enough for a select.
 */
export const memberGroupsQueryOptions = (isDefault: boolean) =>
  queryOptions({
    queryKey: [...queryKeys.memberGroups, { isDefault }],
    queryFn: () => apiRequest<MemberGroupSummaryList>('/member-groups/', { query: { is_default: isDefault, size: 100 } }),
    staleTime: 5 * 60_000,
  });

export const useMemberGroups = (isDefault: boolean, enabled = true) => useQuery({ ...memberGroupsQueryOptions(isDefault), enabled });

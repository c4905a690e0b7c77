import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** The groups tab's page size (the list itself is `entities/member-groups`' console list). */
export const GROUPS_PAGE_SIZE = 10;

/**
 * After a group changes: the console's list, the matrix's columns, the usage tab, and the groups
 * other areas name (sign-up, invitations, member filters) all read it.
 */
export function refreshGroupViews(qc: QueryClient) {
  return Promise.all(
    [queryKeys.adminMemberGroups, queryKeys.memberGroups, queryKeys.adminLlmModels, queryKeys.memberGroupUsage].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );
}

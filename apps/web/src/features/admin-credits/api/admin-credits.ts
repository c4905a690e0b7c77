import type { PatchMemberGroupBody } from '@app/contracts/member-groups';
import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminMemberGroups } from '../../../entities/member-groups';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const PAGE_SIZE = 10;
const creditsKey = ['admin-credits'] as const;

/** `GET /admin/credits/?month&page`: a month's usage by model and a page of the purchase history. */
export const adminCreditsQueryOptions = (month: string, page: number) =>
  queryOptions({
    queryKey: [...creditsKey, month, page],
    queryFn: ({ signal }) => api(routes.dashboards.credits, { query: { month, page }, signal }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
export const useAdminCredits = (month: string, page: number) => useQuery(adminCreditsQueryOptions(month, page));

/** The groups and their quotas, 10 a page (`GET /admin/member-groups/`). */
export const useQuotaGroups = (page: number, search: string) => useAdminMemberGroups({ page, size: PAGE_SIZE, search_term: search, order_by: 'id.asc' });

/** A group's pool and per-member quota (`PATCH /admin/member-groups/{id}/`). */
export function useUpdateGroupQuota() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Pick<PatchMemberGroupBody, 'credit_quota' | 'member_credit_quota'> }) =>
      api(routes.memberGroups.update, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([queryKeys.adminMemberGroups, queryKeys.memberGroups, queryKeys.memberGroupUsage].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** Members with their custom limits, 10 a page, searchable (`GET /admin/members/`). */
export const useQuotaMembers = (page: number, search: string) =>
  useQuery({
    queryKey: [...queryKeys.adminMembers, 'credits', page, search],
    queryFn: ({ signal }) =>
      api(routes.adminMembers.list, { query: { page, size: PAGE_SIZE, member_status: 'active', order_by: 'name.asc', search_term: search.trim() || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

/** Several members' custom monthly limit; null puts them back on their group's (`PATCH /admin/members/bulk/`). */
export function useBulkCreditQuota() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { member_ids: number[]; credit_quota: number | null }) => api(routes.adminMembers.bulkCreditQuota, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.adminMembers }),
  });
}

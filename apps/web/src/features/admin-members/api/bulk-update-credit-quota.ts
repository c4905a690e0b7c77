import type { BulkMembersResponse } from '@app/contracts/admin-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Several members' custom monthly limit; `null` puts them back on their group's quota. */
export function bulkUpdateCreditQuota(body: { member_ids: number[]; credit_quota: number | null }) {
  return apiRequest<BulkMembersResponse>('/admin/members/bulk/', { method: 'PATCH', body });
}

export function useBulkUpdateCreditQuota() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCreditQuota,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.adminMembers }),
  });
}

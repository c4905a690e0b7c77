import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Several members' custom monthly limit; `null` puts them back on their group's quota. */
export function bulkUpdateCreditQuota(body: { member_ids: number[]; credit_quota: number | null }) {
  return api(routes.adminMembers.bulkCreditQuota, { body });
}

export function useBulkUpdateCreditQuota() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateCreditQuota,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.adminMembers }),
  });
}

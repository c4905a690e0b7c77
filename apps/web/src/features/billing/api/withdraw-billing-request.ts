import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from './change-membership';

/** `DELETE /billing-requests/{id}/`: the member withdraws an open request. */
export function useWithdrawBillingRequest() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/billing-requests/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

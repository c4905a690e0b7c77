import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshAfter } from './change-membership';

/** `DELETE /billing-requests/{id}/`: the member withdraws an open request. */
export function useWithdrawBillingRequest() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => api(routes.billing.withdrawRequest, { params: { id } }),
    onSuccess: refresh,
  });
}

import type { BillingRequest, CreateBillingRequestBody } from '@app/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRefreshAfter } from './change-membership';

/** `POST /billing-requests/`: asks an administrator for a plan or credits; nothing is granted until they approve. */
export function useCreateBillingRequest() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreateBillingRequestBody) => apiRequest<BillingRequest>('/billing-requests/', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

import type { CreateBillingRequestBody } from '@app/contracts/billing';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshAfter } from './change-membership';

/** `POST /billing-requests/`: asks an administrator for a plan or credits; nothing is granted until they approve. */
export function useCreateBillingRequest() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreateBillingRequestBody) => api(routes.billing.createRequest, { body }),
    onSuccess: refresh,
  });
}

import type { CreditPurchaseBody } from '@app/contracts/billing';
import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRefreshAfter } from './change-membership';
import { billingKey } from './list-plans';

/** `GET /credits/purchase-options/`: the packs on sale and the price per credit. */
export const purchaseOptionsQueryOptions = () =>
  queryOptions({ queryKey: [...billingKey, 'purchase-options'], queryFn: ({ signal }) => api(routes.billing.purchaseOptions, { signal }), staleTime: 5 * 60_000 });

export const usePurchaseOptions = (enabled = true) => useQuery({ ...purchaseOptionsQueryOptions(), enabled });

/** `POST /credits/purchase/` (the manual provider, or a saved card). */
export function usePurchaseCredits() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: CreditPurchaseBody) => api(routes.billing.purchase, { body }),
    onSuccess: refresh,
  });
}

import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** `GET /payment-methods/`: the member's saved cards (masked numbers). */
export const paymentMethodsQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'payment-methods'], queryFn: ({ signal }) => api(routes.billing.listPaymentMethods, { signal }) });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());

export function useDeletePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(routes.billing.removePaymentMethod, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKey }),
  });
}

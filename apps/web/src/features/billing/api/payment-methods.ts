import type { PaymentMethodList } from '@app/contracts/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** `GET /payment-methods/`: the member's saved cards (masked numbers). */
export const paymentMethodsQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'payment-methods'], queryFn: () => apiRequest<PaymentMethodList>('/payment-methods/') });

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions());

export function useDeletePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/payment-methods/${id}/`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: billingKey }),
  });
}

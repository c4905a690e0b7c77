import type { BillingRequestStatus, ProcessBillingRequestBody } from '@app/contracts/billing';
import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { PAGE_SIZE } from './admin-credits';

const requestsKey = ['admin-credits', 'billing-requests'] as const;

/** `GET /admin/billing-requests/?status&page`: members' purchase requests (no payment provider, decision 048). */
export const useAdminBillingRequests = (status: BillingRequestStatus, page: number) =>
  useQuery({
    queryKey: [...requestsKey, status, page],
    queryFn: ({ signal }) => api(routes.billing.adminListRequests, { query: { status, page, size: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** Approves (the plan or credits are granted) or rejects with a reason; the member is mailed either way. */
export function useProcessBillingRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProcessBillingRequestBody }) => api(routes.billing.processRequest, { params: { id }, body }),
    // An approval adds a purchase to the history tab too.
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin-credits'] }),
  });
}

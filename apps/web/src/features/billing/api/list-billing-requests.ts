import type { BillingRequestList } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** `GET /billing-requests/`: the member's own requests to an administrator (no payment provider, decision 048). */
export const billingRequestsQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'requests'], queryFn: () => apiRequest<BillingRequestList>('/billing-requests/') });

export const useBillingRequests = (enabled = true) => useQuery({ ...billingRequestsQueryOptions(), enabled });

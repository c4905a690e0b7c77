import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** `GET /billing-requests/`: the member's own requests to an administrator (no payment provider, decision 048). */
export const billingRequestsQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'requests'], queryFn: ({ signal }) => api(routes.billing.listRequests, { signal }) });

export const useBillingRequests = (enabled = true) => useQuery({ ...billingRequestsQueryOptions(), enabled });

import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** `GET /membership/`: the member's membership, or null. */
export const membershipQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'membership'], queryFn: ({ signal }) => api(routes.billing.membership, { signal }) });

export const useMembership = () => useQuery(membershipQueryOptions());

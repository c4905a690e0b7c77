import type { Membership } from '@app/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** `GET /membership/`: the member's membership, or null. */
export const membershipQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'membership'], queryFn: () => apiRequest<Membership | null>('/membership/') });

export const useMembership = () => useQuery(membershipQueryOptions());

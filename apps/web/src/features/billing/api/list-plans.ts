import { routes } from '@app/contracts/routes.gen';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Everything billing shows sits under this key: a payment refreshes membership, cards and credits together. */
export const billingKey = ['billing'] as const;

/** `GET /member-billing-plans/`: the tenant's plans and how it takes payments. */
export const plansQueryOptions = () => queryOptions({ queryKey: [...billingKey, 'plans'], queryFn: ({ signal }) => api(routes.billing.listPlans, { signal }), staleTime: 5 * 60_000 });

export const usePlans = () => useQuery(plansQueryOptions());

import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKey } from './list-plans';

/** Spec §9: credits list 10 per page. */
export const CREDITS_PAGE_SIZE = 10;

/** `GET /credits/`: the member's credit entries with the payment behind each. */
export const creditsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...billingKey, 'credits', page],
    queryFn: ({ signal }) => api(routes.billing.listCredits, { query: { page, size: CREDITS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCredits = (page: number) => useQuery(creditsQueryOptions(page));

import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const dashboardKeys = {
  cards: ['admin-dashboard', 'cards'] as const,
  usage: (start: string, end: string) => ['admin-dashboard', 'usage', start, end] as const,
  tools: (start: string, end: string) => ['admin-dashboard', 'tools', start, end] as const,
};

/** `GET /admin/dashboards/`: the console home's cards. */
export const dashboardCardsQueryOptions = () => queryOptions({ queryKey: dashboardKeys.cards, queryFn: ({ signal }) => api(routes.dashboards.cards, { signal }), retry: 1 });
export const useDashboardCards = () => useQuery(dashboardCardsQueryOptions());

/** `GET /admin/dashboards/usage/?start_month&end_month`: usage by month and by month and model. */
export const dashboardUsageQueryOptions = (start: string, end: string) =>
  queryOptions({
    queryKey: dashboardKeys.usage(start, end),
    queryFn: ({ signal }) => api(routes.dashboards.usage, { query: { start_month: start, end_month: end }, signal }),
    placeholderData: keepPreviousData,
    retry: 1,
  });
export const useDashboardUsage = (start: string, end: string) => useQuery(dashboardUsageQueryOptions(start, end));

/** `GET /admin/dashboards/tools/?start_month&end_month`: tool calls per month and tool. */
export const dashboardToolCallsQueryOptions = (start: string, end: string) =>
  queryOptions({
    queryKey: dashboardKeys.tools(start, end),
    queryFn: ({ signal }) => api(routes.tools.callsPerMonth, { query: { start_month: start, end_month: end }, signal }),
    retry: 1,
  });
export const useDashboardToolCalls = (start: string, end: string) => useQuery(dashboardToolCallsQueryOptions(start, end));

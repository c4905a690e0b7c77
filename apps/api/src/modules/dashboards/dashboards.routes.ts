import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@app/contracts/common';
import { adminCreditsQuery, adminCreditsSchema, dashboardCardsSchema, dashboardUsageSchema, usageRangeQuery } from '@app/contracts/dashboards';
import { type Task, taskSchema } from '@app/contracts/tasks';
import type { MemberContext } from '../../platform/context';
import { memberCtx } from '../../platform/request-context';
import type { DashboardsService } from './dashboards.service';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

/** The console's home (spec §7 Admin dashboards) and its credits area (`GET /admin/credits/`). */
export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboards: DashboardsService; startExport: (ctx: MemberContext, params: { start_month: string; end_month: string }) => Promise<Task> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { auth: 'admin' as const } };
  const tags = ['admin'];
  r.get('/admin/dashboards/', { ...admin, schema: { tags, description: 'The console home cards.', response: { 200: dashboardCardsSchema, ...errors } } }, (req) =>
    deps.dashboards.cards(memberCtx(req)),
  );
  r.get(
    '/admin/dashboards/usage/',
    {
      ...admin,
      schema: {
        tags,
        description: 'Usage per month (and per month and model) over start_month..end_month (YYYY-MM, both included; default the last 12 months, at most 36).',
        querystring: usageRangeQuery,
        response: { 200: dashboardUsageSchema, ...errors },
      },
    },
    (req) => deps.dashboards.usage(memberCtx(req), req.query),
  );
  r.get(
    '/admin/dashboards/usage/export-task/',
    {
      ...admin,
      schema: { tags, description: 'Starts a CSV export of the usage over the range; poll GET /tasks/{id}/.', querystring: usageRangeQuery, response: { 200: taskSchema, ...errors } },
    },
    (req) => deps.startExport(memberCtx(req), deps.dashboards.exportParams(req.query)),
  );
  r.get(
    '/admin/credits/',
    {
      ...admin,
      schema: {
        tags,
        description: "The credits area: a month's usage by model (month=YYYY-MM, default this one) and the members' purchase history (page, 10 a page).",
        querystring: adminCreditsQuery,
        response: { 200: adminCreditsSchema, ...errors },
      },
    },
    (req) => deps.dashboards.credits(memberCtx(req), req.query),
  );
}

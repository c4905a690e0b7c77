import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/dashboards';
import type { Task } from '@app/contracts/tasks';
import type { MemberContext } from '../../platform/context';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { DashboardsService } from './dashboards.service';

/** The console's home (spec §7 Admin dashboards) and its credits area (`GET /admin/credits/`). */
export function registerDashboardRoutes(
  app: FastifyInstance,
  deps: { dashboards: DashboardsService; startExport: (ctx: MemberContext, params: { start_month: string; end_month: string }) => Promise<Task> },
) {
  implement(app, endpoints, {
    cards: (req) => deps.dashboards.cards(memberCtx(req)),
    usage: (req) => deps.dashboards.usage(memberCtx(req), req.query),
    exportUsage: (req) => deps.startExport(memberCtx(req), deps.dashboards.exportParams(req.query)),
    credits: (req) => deps.dashboards.credits(memberCtx(req), req.query),
  });
}

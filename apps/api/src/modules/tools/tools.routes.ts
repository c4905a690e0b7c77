import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, okBody } from '@app/contracts/common';
import { usageRangeQuery } from '@app/contracts/dashboards';
import { adminToolListResponse, memberToolListResponse, patchToolGroupAccessBody, toolCallsDashboardSchema, toolGroupParams } from '@app/contracts/tools';
import { memberCtx } from '../../platform/request-context';
import type { ToolsService } from './tools.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

/** Built-in tools (decision 050): the member's view, the admin's group access and the console's call counts. */
export function registerToolRoutes(app: FastifyInstance, deps: { tools: ToolsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/tools/', { schema: { tags: ['tools'], response: { 200: memberToolListResponse, 401: errorBody } } }, (req) => deps.tools.memberList(memberCtx(req)));
  r.get('/admin/tools/', { config: { auth: 'admin' }, schema: { tags: ['admin'], response: { 200: adminToolListResponse, ...errors } } }, (req) =>
    deps.tools.adminList(memberCtx(req)),
  );
  r.patch(
    '/admin/tools/:tool/member-groups/:group/',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], params: toolGroupParams, body: patchToolGroupAccessBody, response: { 200: okBody, ...errors } } },
    async (req) => {
      await deps.tools.setGroupAccess(memberCtx(req), req.params.tool, req.params.group, req.body.is_available);
      return { ok: true as const };
    },
  );
  r.get(
    '/admin/dashboards/tools/',
    {
      config: { auth: 'admin' },
      schema: { tags: ['admin'], description: 'Tool calls per month and tool over start_month..end_month (YYYY-MM; default the last 12 months).', querystring: usageRangeQuery, response: { 200: toolCallsDashboardSchema, ...errors } },
    },
    (req) => deps.tools.callsPerMonth(memberCtx(req), req.query),
  );
}

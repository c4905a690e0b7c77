import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/tools';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { ToolsService } from './tools.service';

/** Built-in tools (decision 050): the member's view, the admin's group access and the console's call counts. */
export function registerToolRoutes(app: FastifyInstance, deps: { tools: ToolsService }) {
  implement(app, endpoints, {
    list: (req) => deps.tools.memberList(memberCtx(req)),
    listAdmin: (req) => deps.tools.adminList(memberCtx(req)),
    setGroupAccess: async (req) => {
      await deps.tools.setGroupAccess(memberCtx(req), req.params.tool, req.params.group, req.body.is_available);
      return { ok: true as const };
    },
    callsPerMonth: (req) => deps.tools.callsPerMonth(memberCtx(req), req.query),
  });
}

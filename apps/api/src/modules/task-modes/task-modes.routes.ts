import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/task-modes';
import { implement } from '../../platform/endpoints';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { TaskModesService } from './task-modes.service';

/** `GET /task-modes/` (spec §7) and the console's task modes. */
export function registerTaskModeRoutes(app: FastifyInstance, deps: { taskModes: TaskModesService }) {
  implement(app, endpoints, {
    list: (req) => deps.taskModes.listActive(tenantCtx(req)),
    listAdmin: (req) => deps.taskModes.listAll(tenantCtx(req)),
    create: (req) => deps.taskModes.create(memberCtx(req), req.body),
    update: (req) => deps.taskModes.update(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await deps.taskModes.remove(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { taskModeBody, taskModeListResponse, taskModeSchema, updateTaskModeBody } from '@app/contracts/task-modes';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { TaskModesService } from './task-modes.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

/** `GET /task-modes/` (spec §7) and the console's task modes. */
export function registerTaskModeRoutes(app: FastifyInstance, deps: { taskModes: TaskModesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/task-modes/', { schema: { tags: ['chat'], description: 'The active task modes the chat input offers.', response: { 200: taskModeListResponse, ...errors } } }, (req) =>
    deps.taskModes.listActive(tenantCtx(req)),
  );
  const admin = { config: { auth: 'admin' as const } };
  const tags = ['admin'];
  r.get('/admin/task-modes/', { ...admin, schema: { tags, response: { 200: taskModeListResponse, ...errors } } }, (req) => deps.taskModes.listAll(tenantCtx(req)));
  r.post('/admin/task-modes/', { ...admin, schema: { tags, body: taskModeBody, response: { 201: taskModeSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await deps.taskModes.create(memberCtx(req), req.body)),
  );
  r.patch('/admin/task-modes/:id/', { ...admin, schema: { tags, params: idParam, body: updateTaskModeBody, response: { 200: taskModeSchema, ...errors } } }, (req) =>
    deps.taskModes.update(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/task-modes/:id/', { ...admin, schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.taskModes.remove(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
}

import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '@app/contracts/common';
import { taskSchema } from '@app/contracts/tasks';
import { memberCtx } from '../../platform/request-context';
import type { TasksService } from './tasks.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

/** `Content-Disposition` for any file name: an ASCII fallback and the exact name in RFC 5987 form. */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function registerTaskRoutes(app: FastifyInstance, deps: { tasks: TasksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/tasks/:id/', { config: { auth: 'admin' }, schema: { tags: ['admin'], params: idParam, response: { 200: taskSchema, ...errors } } }, (req) =>
    deps.tasks.get(memberCtx(req), req.params.id),
  );
  r.get(
    '/tasks/:id/download/',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], params: idParam, description: 'The task\'s result file (CSV: UTF-8 with a byte order mark).', response: errors } },
    async (req, reply) => {
      const { file, name } = await deps.tasks.result(memberCtx(req), req.params.id);
      reply.header('content-type', name.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream');
      reply.header('content-disposition', disposition(name));
      // A stream goes out as it is: no schema serializes a file.
      return reply.send(createReadStream(file) as never);
    },
  );
}

import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/tasks';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { TasksService } from './tasks.service';

/** `Content-Disposition` for any file name: an ASCII fallback and the exact name in RFC 5987 form. */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function registerTaskRoutes(app: FastifyInstance, deps: { tasks: TasksService }) {
  implement(app, endpoints, {
    get: (req) => deps.tasks.get(memberCtx(req), req.params.id),
    download: async (req, reply) => {
      const { file, name } = await deps.tasks.result(memberCtx(req), req.params.id);
      reply.header('content-type', name.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/octet-stream');
      reply.header('content-disposition', disposition(name));
      // A stream goes out as it is: no schema serializes a file.
      return reply.send(createReadStream(file) as never);
    },
  });
}

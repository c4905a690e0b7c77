import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_KEY_HEADER, endpoints } from '@app/contracts/operator';
import { implement } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import type { OperatorService } from './operator.service';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `/api/operator/…` (decision 040): registered only when `OPERATOR_API_KEY` is set (else 404).
 * Every request must carry the key in `x-operator-key`; it is checked first, before the body is
 * read or validated, and compared in constant time. No tenant is resolved and no member token is
 * read: a tenant's administrator cannot call these routes.
 */
export async function registerOperatorRoutes(app: FastifyInstance, deps: { operator: OperatorService; key: string }) {
  const expected = digest(deps.key);
  await app.register(async (op) => {
    op.addHook('onRequest', (req, _reply, done) => {
      const raw = req.headers[OPERATOR_KEY_HEADER];
      const given = Array.isArray(raw) ? raw[0] : raw;
      if (!given || !timingSafeEqual(digest(given), expected)) return done(new AppError('unauthorized', 'Operator key required'));
      done();
    });
    implement(op, endpoints, {
      list: async () => ({ items: await deps.operator.list() }),
      create: (req) => deps.operator.create(req.body),
      get: (req) => deps.operator.get(req.params.id),
      update: (req) => deps.operator.update(req.params.id, req.body),
      disable: (req) => deps.operator.setDisabled(req.params.id, true),
      enable: (req) => deps.operator.setDisabled(req.params.id, false),
    });
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam } from '@app/contracts/common';
import {
  OPERATOR_KEY_HEADER,
  operatorCreateTenantBody,
  operatorCreateTenantResponse,
  operatorPatchTenantBody,
  operatorTenantList,
  operatorTenantSchema,
} from '@app/contracts/operator';
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
    const r = op.withTypeProvider<ZodTypeProvider>();
    const config = { auth: 'operator' as const, tenantless: true };
    const tags = ['operator'];
    const refused = { 401: errorBody, 404: errorBody };

    r.get('/operator/tenants/', { config, schema: { tags, response: { 200: operatorTenantList, 401: errorBody } } }, async () => ({ items: await deps.operator.list() }));
    r.post('/operator/tenants/', { config, schema: { tags, body: operatorCreateTenantBody, response: { 201: operatorCreateTenantResponse, 401: errorBody, 409: errorBody, 422: errorBody } } }, async (req, reply) => {
      return reply.code(201).send(await deps.operator.create(req.body));
    });
    r.get('/operator/tenants/:id/', { config, schema: { tags, params: idParam, response: { 200: operatorTenantSchema, ...refused } } }, (req) => deps.operator.get(req.params.id));
    r.patch('/operator/tenants/:id/', { config, schema: { tags, params: idParam, body: operatorPatchTenantBody, response: { 200: operatorTenantSchema, ...refused, 422: errorBody } } }, (req) =>
      deps.operator.update(req.params.id, req.body),
    );
    r.post(
      '/operator/tenants/:id/disable/',
      { config, schema: { tags, description: "Disables the tenant: its members get 423 `not_eligible` on sign-in, refresh and every call, its public paths too; running answers finish.", params: idParam, response: { 200: operatorTenantSchema, ...refused } } },
      (req) => deps.operator.setDisabled(req.params.id, true),
    );
    r.post('/operator/tenants/:id/enable/', { config, schema: { tags, params: idParam, response: { 200: operatorTenantSchema, ...refused } } }, (req) => deps.operator.setDisabled(req.params.id, false));
  });
}

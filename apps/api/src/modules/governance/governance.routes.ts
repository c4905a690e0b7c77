import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActorsResponse, auditLogListResponse, listAuditLogQuery } from '@app/contracts/audit-log';
import { errorBody } from '@app/contracts/common';
import { restrictedWordsSettingsBody, restrictedWordsSettingsSchema } from '@app/contracts/governance';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { GovernanceService } from './governance.service';

const errors = { 401: errorBody, 403: errorBody, 422: errorBody };

export function registerGovernanceRoutes(app: FastifyInstance, deps: { governance: GovernanceService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { auth: 'admin' as const };
  r.get('/admin/restricted-words/', { config: admin, schema: { tags: ['admin'], response: { 200: restrictedWordsSettingsSchema, ...errors } } }, (req) =>
    deps.governance.get(tenantCtx(req)),
  );
  r.post(
    '/admin/restricted-words/',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        description: 'Replaces the restricted words and the privacy mode (off, block or mask).',
        body: restrictedWordsSettingsBody,
        response: { 200: restrictedWordsSettingsSchema, 409: errorBody, ...errors },
      },
    },
    (req) => deps.governance.save(memberCtx(req), req.body),
  );
  r.get(
    '/admin/audit-log/',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        description: 'What admins changed, newest first: who, when, the route, the row and its changed values before and after. Read only.',
        querystring: listAuditLogQuery,
        response: { 200: auditLogListResponse, ...errors },
      },
    },
    (req) => deps.governance.auditLog(tenantCtx(req), req.query),
  );
  r.get(
    '/admin/audit-log/actors/',
    { config: admin, schema: { tags: ['admin'], description: 'Everyone with an entry in the log (the actor filter), admins now or before.', response: { 200: auditActorsResponse, ...errors } } },
    (req) => deps.governance.auditActors(tenantCtx(req)),
  );
}

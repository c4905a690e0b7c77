import type { FastifyInstance } from 'fastify';
import { endpoints as auditLog } from '@app/contracts/audit-log';
import { endpoints as restrictedWords } from '@app/contracts/governance';
import { implement } from '../../platform/endpoints';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { GovernanceService } from './governance.service';

export function registerGovernanceRoutes(app: FastifyInstance, deps: { governance: GovernanceService }) {
  implement(app, restrictedWords, {
    get: (req) => deps.governance.get(tenantCtx(req)),
    save: (req) => deps.governance.save(memberCtx(req), req.body),
  });
  implement(app, auditLog, {
    list: (req) => deps.governance.auditLog(tenantCtx(req), req.query),
    actors: (req) => deps.governance.auditActors(tenantCtx(req)),
  });
}

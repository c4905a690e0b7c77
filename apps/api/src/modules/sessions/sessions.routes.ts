import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/sessions';
import { endpoints as publicEndpoints } from '@app/contracts/public';
import { implement } from '../../platform/endpoints';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { SessionsService } from './sessions.service';

const ok = { ok: true as const };

export function registerSessionRoutes(app: FastifyInstance, deps: { sessions: SessionsService }) {
  implement(app, endpoints, {
    list: (req) => deps.sessions.list(memberCtx(req), req.query),
    get: (req) => deps.sessions.get(memberCtx(req), req.params.hash),
    history: (req) => deps.sessions.history(memberCtx(req), req.params.hash, req.query),
    update: (req) => deps.sessions.patch(memberCtx(req), req.params.hash, req.body),
    generateTitle: (req) => deps.sessions.generateTitle(memberCtx(req), req.params.hash),
    share: (req) => deps.sessions.share(memberCtx(req), req.params.hash),
    unshare: async (req) => {
      await deps.sessions.unshare(memberCtx(req), req.params.hash);
      return ok;
    },
    remove: async (req) => {
      await deps.sessions.remove(memberCtx(req), req.params.hash);
      return ok;
    },
  });
  // A shared session, for anyone with its link (spec §2: visitors need no login).
  const { session, sessionHistory } = publicEndpoints;
  implement(app, { session, sessionHistory }, {
    session: (req) => deps.sessions.sharedSession(tenantCtx(req).tenantId, req.params.hash),
    sessionHistory: (req) => deps.sessions.sharedHistory(tenantCtx(req).tenantId, req.params.hash, req.query),
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, hashParam, okBody } from '@app/contracts/common';
import { historyQuery, historyResponse, listSessionsQuery, patchSessionBody, sessionListResponse, sessionSchema } from '@app/contracts/sessions';
import { sharedHistoryResponse, sharedSessionSchema, shareSessionResponse } from '@app/contracts/public';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { SessionsService } from './sessions.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerSessionRoutes(app: FastifyInstance, deps: { sessions: SessionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];
  r.get('/sessions/', { schema: { tags, querystring: listSessionsQuery, response: { 200: sessionListResponse, ...errors } } }, (req) =>
    deps.sessions.list(memberCtx(req), req.query),
  );
  r.get('/sessions/:hash/', { schema: { tags, params: hashParam, response: { 200: sessionSchema, ...errors } } }, (req) =>
    deps.sessions.get(memberCtx(req), req.params.hash),
  );
  r.get(
    '/sessions/:hash/history/',
    { schema: { tags, params: hashParam, querystring: historyQuery, response: { 200: historyResponse, ...errors } } },
    (req) => deps.sessions.history(memberCtx(req), req.params.hash, req.query),
  );
  r.patch(
    '/sessions/:hash/',
    { schema: { tags, params: hashParam, body: patchSessionBody, response: { 200: sessionSchema, ...errors } } },
    (req) => deps.sessions.patch(memberCtx(req), req.params.hash, req.body),
  );
  r.patch('/sessions/:hash/generate-title/', { schema: { tags, params: hashParam, response: { 200: sessionSchema, ...errors } } }, (req) =>
    deps.sessions.generateTitle(memberCtx(req), req.params.hash),
  );
  r.post('/sessions/:hash/share/', { schema: { tags, description: 'Shares the session as a read-only page at /share/{share_hash_id}.', params: hashParam, response: { 200: shareSessionResponse, ...errors } } }, (req) =>
    deps.sessions.share(memberCtx(req), req.params.hash),
  );
  r.delete('/sessions/:hash/share/', { schema: { tags, params: hashParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.sessions.unshare(memberCtx(req), req.params.hash);
    return { ok: true as const };
  });
  // A shared session, for anyone with its link (spec §2: visitors need no login).
  const open = { config: { auth: 'none' as const } };
  r.get('/public/sessions/:hash/', { ...open, schema: { tags: ['public'], params: hashParam, response: { 200: sharedSessionSchema, 404: errorBody } } }, (req) =>
    deps.sessions.sharedSession(tenantCtx(req).tenantId, req.params.hash),
  );
  r.get(
    '/public/sessions/:hash/history/',
    { ...open, schema: { tags: ['public'], params: hashParam, querystring: historyQuery, response: { 200: sharedHistoryResponse, 404: errorBody, 422: errorBody } } },
    (req) => deps.sessions.sharedHistory(tenantCtx(req).tenantId, req.params.hash, req.query),
  );
  r.delete('/sessions/:hash/', { schema: { tags, params: hashParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.sessions.remove(memberCtx(req), req.params.hash);
    return { ok: true as const };
  });
}

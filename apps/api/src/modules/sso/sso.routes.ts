import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import {
  adminSsoPlatformListResponse,
  adminSsoPlatformSchema,
  bulkDeleteWhitelistBody,
  bulkDeleteWhitelistResponse,
  bulkUpsertWhitelistBody,
  bulkUpsertWhitelistResponse,
  createSsoPlatformBody,
  directorySendCodeBody,
  directorySendCodeResponse,
  directoryVerifyBody,
  directoryVerifyResponse,
  listWhitelistQuery,
  patchSsoPlatformBody,
  ssoAuthorizeBody,
  ssoAuthorizeResponse,
  ssoIdentityResponse,
  ssoPlatformListResponse,
  ssoSignInBody,
  ssoSignUpBody,
  ssoSignUpResponse,
  whitelistListResponse,
  whitelistSettingsResponse,
} from '@app/contracts/sso';
import { taskSchema } from '@app/contracts/tasks';
import type { Task } from '@app/contracts/tasks';
import type { MemberContext } from '../../platform/context';
import { byAddress, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import { setRefreshCookie } from '../../platform/refresh-cookie';
import type { SsoService } from './sso.service';
import type { WhitelistService } from './sso.whitelist';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const signInErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody, 423: errorBody, 424: errorBody, 429: errorBody };

/** The sign-in page's platforms, the directory steps and the console's platforms and whitelist. */
export function registerSsoRoutes(app: FastifyInstance, deps: { sso: SsoService; whitelist: WhitelistService; limits: RateLimiter; startExport: (ctx: MemberContext) => Promise<Task> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { sso, whitelist } = deps;
  const none = { auth: 'none' as const };
  const admin = { auth: 'admin' as const };

  r.get('/sso-platforms/', { config: none, schema: { tags: ['sso'], response: { 200: ssoPlatformListResponse } } }, (req) => sso.publicList(tenantCtx(req)));
  r.post(
    '/sso-platforms/:id/authorize/',
    {
      config: none,
      preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
      schema: { tags: ['sso'], description: "The platform's authorization URL (OIDC: code + PKCE + state + nonce).", params: idParam, body: ssoAuthorizeBody, response: { 200: ssoAuthorizeResponse, ...signInErrors } },
    },
    (req) => sso.authorize(tenantCtx(req), req.params.id, req.body.redirect_url),
  );
  r.post(
    '/sso-platforms/:id/send-code/',
    {
      config: none,
      preHandler: deps.limits.guard(['codesPerAddress', byAddress]),
      schema: { tags: ['sso'], params: idParam, body: directorySendCodeBody, response: { 200: directorySendCodeResponse, ...signInErrors } },
    },
    (req) => sso.sendCode(tenantCtx(req), req.params.id, req.body, req.headers['accept-language']?.slice(0, 2)),
  );

  r.get('/admin/sso-platforms/', { config: admin, schema: { tags: ['admin'], response: { 200: adminSsoPlatformListResponse, ...errors } } }, (req) => sso.adminList(memberCtx(req)));
  r.post(
    '/admin/sso-platforms/',
    { config: admin, schema: { tags: ['admin'], body: createSsoPlatformBody, response: { 201: adminSsoPlatformSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await sso.create(memberCtx(req), req.body)),
  );
  r.patch(
    '/admin/sso-platforms/:id/',
    { config: admin, schema: { tags: ['admin'], params: idParam, body: patchSsoPlatformBody, response: { 200: adminSsoPlatformSchema, ...errors } } },
    (req) => sso.patch(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/sso-platforms/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: okBody, 409: errorBody, ...errors } } }, async (req) => {
    await sso.remove(memberCtx(req), req.params.id);
    return { ok: true as const };
  });

  r.get('/admin/sso-member-whitelist/', { config: admin, schema: { tags: ['admin'], querystring: listWhitelistQuery, response: { 200: whitelistListResponse, ...errors } } }, (req) =>
    whitelist.list(memberCtx(req), req.query),
  );
  r.get('/admin/sso-member-whitelist/settings/', { config: admin, schema: { tags: ['admin'], description: 'Rows the console sends per upload request.', response: { 200: whitelistSettingsResponse, ...errors } } }, () =>
    whitelist.settings(),
  );
  r.post(
    '/admin/sso-member-whitelist/bulk-upsert/',
    { config: admin, schema: { tags: ['admin'], body: bulkUpsertWhitelistBody, response: { 200: bulkUpsertWhitelistResponse, ...errors } } },
    (req) => whitelist.bulkUpsert(memberCtx(req), req.body.sso_member_whitelist.map((e) => e.email)),
  );
  r.post(
    '/admin/sso-member-whitelist/bulk-delete/',
    { config: admin, schema: { tags: ['admin'], body: bulkDeleteWhitelistBody, response: { 200: bulkDeleteWhitelistResponse, ...errors } } },
    (req) => whitelist.bulkDelete(memberCtx(req), req.body.sso_member_whitelist_ids),
  );
  r.get(
    '/admin/sso-member-whitelist/export-task/',
    { config: admin, schema: { tags: ['admin'], description: 'Starts an export of the whitelist as CSV; poll GET /tasks/{id}/.', response: { 200: taskSchema, ...errors } } },
    (req) => deps.startExport(memberCtx(req)),
  );
}

/** `POST /auth/sso-sign-in/` and `/auth/sso-sign-up/`: in the auth scope, as they set the refresh cookie. */
export function registerSsoAuthRoutes(app: FastifyInstance, deps: { sso: SsoService; limits: RateLimiter; cookieSecure: boolean; refreshTtlDays: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/sso-sign-in/',
    {
      config: { auth: 'none', malformedIsBadRequest: true },
      preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
      schema: { tags: ['auth'], body: ssoSignInBody, response: { 200: ssoIdentityResponse, ...signInErrors } },
    },
    async (req, reply) => {
      const res = await deps.sso.signIn(tenantCtx(req), req.body);
      if (res.sso_status === 'signed_in') setRefreshCookie(reply, res.refresh_token, deps);
      return res;
    },
  );
  // The directory's last step signs in too, so it sets the cookie like the sign-in routes.
  r.post(
    '/sso-platforms/:id/verify/',
    {
      config: { auth: 'none' },
      preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
      schema: { tags: ['sso'], params: idParam, body: directoryVerifyBody, response: { 200: directoryVerifyResponse, ...signInErrors } },
    },
    async (req, reply) => {
      const res = await deps.sso.verify(tenantCtx(req), req.params.id, req.body);
      if (res.sso_status === 'signed_in') setRefreshCookie(reply, res.refresh_token, deps);
      return res;
    },
  );
  r.post(
    '/auth/sso-sign-up/',
    {
      config: { auth: 'none' },
      schema: { tags: ['auth'], body: ssoSignUpBody, response: { 201: ssoSignUpResponse, 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 409: errorBody, 422: errorBody } },
    },
    async (req, reply) => {
      const res = await deps.sso.signUp(tenantCtx(req), req.body);
      if (res.session) setRefreshCookie(reply, res.session.refresh_token, deps);
      return reply.status(201).send(res);
    },
  );
}

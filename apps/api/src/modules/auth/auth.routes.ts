import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authResponse, changePasswordBody, refreshBody, resetPasswordBody, signInBody } from '@app/contracts/auth';
import { errorBody, okBody } from '@app/contracts/common';
import { byAddress, type RateLimiter } from '../../platform/rate-limits';
import { ACCESS_HEADER, memberCtx, tenantCtx } from '../../platform/request-context';
import { REFRESH_COOKIE, setRefreshCookie } from '../../platform/refresh-cookie';
import type { AuthService } from './auth.service';

export { REFRESH_COOKIE };

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; cookieSecure: boolean; refreshTtlDays: number; limits: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const setCookie = (reply: FastifyReply, token: string) => setRefreshCookie(reply, token, deps);
  const cookieToken = (req: FastifyRequest) => req.cookies[REFRESH_COOKIE];

  r.post(
    '/auth/sign-in/',
    {
      config: { auth: 'none', malformedIsBadRequest: true },
      // Per address here (every attempt counts); per email, the service counts wrong passwords.
      preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
      schema: {
        tags: ['auth'],
        body: signInBody,
        response: { 200: authResponse, 400: errorBody, 401: errorBody, 403: errorBody, 422: errorBody, 423: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const res = await deps.auth.signIn(tenantCtx(req), req.body, byAddress(req));
      setCookie(reply, res.refresh_token);
      return res;
    },
  );

  r.post(
    '/auth/refresh/',
    { config: { auth: 'none' }, schema: { tags: ['auth'], body: refreshBody, response: { 200: authResponse, 401: errorBody, 403: errorBody } } },
    async (req, reply) => {
      try {
        const res = await deps.auth.refresh(tenantCtx(req), req.body?.refresh_token ?? cookieToken(req));
        setCookie(reply, res.refresh_token);
        return res;
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth/' });
        throw err;
      }
    },
  );

  r.post(
    '/auth/sign-out/',
    { config: { auth: 'none' }, schema: { tags: ['auth'], body: refreshBody, response: { 200: okBody } } },
    async (req, reply) => {
      const access = req.headers[ACCESS_HEADER];
      await deps.auth.signOut(tenantCtx(req), req.body?.refresh_token ?? cookieToken(req), Array.isArray(access) ? access[0] : access);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth/' });
      return { ok: true as const };
    },
  );

  r.post(
    '/auth/change-password/',
    { schema: { tags: ['auth'], body: changePasswordBody, response: { 200: authResponse, 401: errorBody, 422: errorBody } } },
    async (req, reply) => {
      const res = await deps.auth.changePassword(memberCtx(req), req.body);
      setCookie(reply, res.refresh_token);
      return res;
    },
  );

  r.post(
    '/auth/reset-password/',
    {
      config: { auth: 'none', malformedIsBadRequest: true },
      // Per email, the service counts resets done (a request the resend cooldown refuses is not one).
      preHandler: deps.limits.guard(['passwordResetPerAddress', byAddress]),
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: okBody, 400: errorBody, 422: errorBody, 424: errorBody, 429: errorBody } },
    },
    async (req) => {
      await deps.auth.resetPassword(tenantCtx(req), req.body);
      return { ok: true as const };
    },
  );
}

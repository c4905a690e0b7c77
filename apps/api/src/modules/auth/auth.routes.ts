import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@app/contracts/auth';
import { implement } from '../../platform/endpoints';
import { byAddress, type RateLimiter } from '../../platform/rate-limits';
import { ACCESS_HEADER, memberCtx, tenantCtx } from '../../platform/request-context';
import { REFRESH_COOKIE, setRefreshCookie } from '../../platform/refresh-cookie';
import type { AuthService } from './auth.service';

export { REFRESH_COOKIE };

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService; cookieSecure: boolean; refreshTtlDays: number; limits: RateLimiter }) {
  const setCookie = (reply: FastifyReply, token: string) => setRefreshCookie(reply, token, deps);
  const cookieToken = (req: FastifyRequest) => req.cookies[REFRESH_COOKIE];

  implement(app, endpoints, {
    signIn: {
      // Per address here (every attempt counts); per email, the service counts wrong passwords.
      preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
      handler: async (req, reply) => {
        const res = await deps.auth.signIn(tenantCtx(req), req.body, byAddress(req));
        setCookie(reply, res.refresh_token);
        return res;
      },
    },
    refresh: async (req, reply) => {
      try {
        const res = await deps.auth.refresh(tenantCtx(req), req.body?.refresh_token ?? cookieToken(req));
        setCookie(reply, res.refresh_token);
        return res;
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth/' });
        throw err;
      }
    },
    signOut: async (req, reply) => {
      const access = req.headers[ACCESS_HEADER];
      await deps.auth.signOut(tenantCtx(req), req.body?.refresh_token ?? cookieToken(req), Array.isArray(access) ? access[0] : access);
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth/' });
      return { ok: true as const };
    },
    changePassword: async (req, reply) => {
      const res = await deps.auth.changePassword(memberCtx(req), req.body);
      setCookie(reply, res.refresh_token);
      return res;
    },
    resetPassword: {
      // Per email, the service counts resets done (a request the resend cooldown refuses is not one).
      preHandler: deps.limits.guard(['passwordResetPerAddress', byAddress]),
      handler: async (req) => {
        await deps.auth.resetPassword(tenantCtx(req), req.body);
        return { ok: true as const };
      },
    },
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/sso';
import type { Task } from '@app/contracts/tasks';
import type { MemberContext } from '../../platform/context';
import { implement } from '../../platform/endpoints';
import { byAddress, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import { setRefreshCookie } from '../../platform/refresh-cookie';
import type { SsoService } from './sso.service';
import type { WhitelistService } from './sso.whitelist';

/** The endpoints that set the refresh cookie: registered in the auth scope (`registerSsoAuthRoutes`). */
const { signIn, verify, signUp, ...rest } = endpoints;

/** The sign-in page's platforms, the directory steps and the console's platforms and whitelist. */
export function registerSsoRoutes(app: FastifyInstance, deps: { sso: SsoService; whitelist: WhitelistService; limits: RateLimiter; startExport: (ctx: MemberContext) => Promise<Task> }) {
  const { sso, whitelist } = deps;
  implement(app, rest, {
    list: (req) => sso.publicList(tenantCtx(req)),
    authorize: { preHandler: deps.limits.guard(['signInPerAddress', byAddress]), handler: (req) => sso.authorize(tenantCtx(req), req.params.id, req.body.redirect_url) },
    sendCode: {
      preHandler: deps.limits.guard(['codesPerAddress', byAddress]),
      handler: (req) => sso.sendCode(tenantCtx(req), req.params.id, req.body, req.headers['accept-language']?.slice(0, 2)),
    },
    adminList: (req) => sso.adminList(memberCtx(req)),
    create: (req) => sso.create(memberCtx(req), req.body),
    update: (req) => sso.patch(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await sso.remove(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
    listWhitelist: (req) => whitelist.list(memberCtx(req), req.query),
    whitelistSettings: () => whitelist.settings(),
    upsertWhitelist: (req) => whitelist.bulkUpsert(memberCtx(req), req.body.sso_member_whitelist.map((e) => e.email)),
    deleteWhitelist: (req) => whitelist.bulkDelete(memberCtx(req), req.body.sso_member_whitelist_ids),
    exportWhitelist: (req) => deps.startExport(memberCtx(req)),
  });
}

/** `POST /auth/sso-sign-in/` and `/auth/sso-sign-up/`: in the auth scope, as they set the refresh cookie. */
export function registerSsoAuthRoutes(app: FastifyInstance, deps: { sso: SsoService; limits: RateLimiter; cookieSecure: boolean; refreshTtlDays: number }) {
  implement(
    app,
    { signIn, verify, signUp },
    {
      signIn: {
        preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
        handler: async (req, reply) => {
          const res = await deps.sso.signIn(tenantCtx(req), req.body);
          if (res.sso_status === 'signed_in') setRefreshCookie(reply, res.refresh_token, deps);
          return res;
        },
      },
      // The directory's last step signs in too, so it sets the cookie like the sign-in routes.
      verify: {
        preHandler: deps.limits.guard(['signInPerAddress', byAddress]),
        handler: async (req, reply) => {
          const res = await deps.sso.verify(tenantCtx(req), req.params.id, req.body);
          if (res.sso_status === 'signed_in') setRefreshCookie(reply, res.refresh_token, deps);
          return res;
        },
      },
      signUp: async (req, reply) => {
        const res = await deps.sso.signUp(tenantCtx(req), req.body);
        if (res.session) setRefreshCookie(reply, res.session.refresh_token, deps);
        return res;
      },
    },
  );
}

import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';

/** The refresh token's cookie, as every route that signs someone in sets it (password, SSO). */
export function setRefreshCookie(reply: FastifyReply, token: string, opts: { cookieSecure: boolean; refreshTtlDays: number }) {
  return reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.cookieSecure || reply.request.protocol === 'https',
    path: '/api/auth/',
    maxAge: opts.refreshTtlDays * 86_400,
  });
}

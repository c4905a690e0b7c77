import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientErrorBody } from '@app/contracts/client-errors';
import { errorBody, okBody } from '@app/contracts/common';
import { cutReport, type ErrorReporter } from './error-report';
import { byAddress, type RateLimiter } from './rate-limits';

/**
 * `POST /client-errors/`: the web app's uncaught errors go to the same reporter as the server's
 * (decision 036). Open to visitors too (an error on the sign-in page), limited per address.
 */
export function registerClientErrorRoutes(app: FastifyInstance, deps: { reporter: ErrorReporter; limits: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/client-errors/',
    {
      config: { auth: 'none' },
      preHandler: deps.limits.guard(['clientErrorsPerAddress', byAddress]),
      schema: { tags: ['errors'], body: clientErrorBody, response: { 200: okBody, 400: errorBody, 422: errorBody, 429: errorBody } },
    },
    async (req) => {
      const b = req.body;
      deps.reporter.report({
        source: 'client',
        request_id: req.id,
        method: b.kind,
        route: b.path?.split(/[?#]/)[0],
        tenant: req.tenant?.subdomain ?? null,
        member_id: req.member?.id ?? null,
        text: cutReport(b.stack && !b.stack.includes(b.message) ? `${b.message}\n${b.stack}` : (b.stack ?? b.message)),
        user_agent: req.headers['user-agent']?.slice(0, 300),
        ...(b.release ? { release: b.release } : {}),
      });
      return { ok: true as const };
    },
  );
}

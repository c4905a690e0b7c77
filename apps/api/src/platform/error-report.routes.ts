import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/client-errors';
import { implement } from './endpoints';
import { cutReport, type ErrorReporter } from './error-report';
import { byAddress, type RateLimiter } from './rate-limits';

/**
 * `POST /client-errors/`: the web app's uncaught errors go to the same reporter as the server's
 * (decision 036). Open to visitors too (an error on the sign-in page), limited per address.
 */
export function registerClientErrorRoutes(app: FastifyInstance, deps: { reporter: ErrorReporter; limits: RateLimiter }) {
  implement(app, endpoints, {
    report: {
      preHandler: deps.limits.guard(['clientErrorsPerAddress', byAddress]),
      handler: async (req) => {
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
    },
  });
}

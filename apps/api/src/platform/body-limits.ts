import type { FastifyInstance } from 'fastify';

const KB = 1024;
const MB = 1024 * KB;

/**
 * Body size limits per route (issue 22 §4): a route reads no more than its largest valid payload
 * needs, so an oversized body is a 413 `payload_too_large` before it is parsed. The server-wide
 * limit (app.ts) is the ceiling; a route may set its own `bodyLimit` in its options.
 */
const LIMITS: Array<[RegExp, number]> = [
  // Sign-in, sign-up, codes, resets: an email, a password and a few fields.
  [/^\/api\/auth\//, 16 * KB],
  // A chat message: up to 200,000 characters (3 bytes each in Korean) with its options.
  [/^\/api\/(public\/)?chatbots\/:id\/chat\/$/, 1 * MB],
  // Up to 10,000 restricted words of 100 characters.
  [/^\/api\/admin\/restricted-words\/$/, 4 * MB],
  // A batch of up to 500 invitation rows with custom fields.
  [/^\/api\/admin\/invitations\//, 2 * MB],
];
/** Everything else: forms and settings. */
const DEFAULT_LIMIT = 256 * KB;

export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined) return;
    route.bodyLimit = LIMITS.find(([pattern]) => pattern.test(route.url))?.[1] ?? DEFAULT_LIMIT;
  });
}

import { z } from 'zod';
import { defineEndpoints } from './endpoint';

/** `GET /api/health/`: liveness — the process answers. */
export const healthResponse = z.object({ ok: z.literal(true) });

/** A dependency's state in a readiness answer. `unconfigured`: not used by this instance (Redis without `REDIS_URL`). */
export const dependencyState = z.enum(['up', 'down', 'unconfigured']);

/**
 * `GET /api/ready/`: readiness — the database answers and Redis too when configured, and the
 * instance is not shutting down. 200 with this body; else 503 `unavailable` with it as `details`.
 */
export const readyResponse = z.object({
  ok: z.boolean(),
  database: dependencyState,
  redis: dependencyState,
  draining: z.boolean(),
});
export type ReadyResponse = z.infer<typeof readyResponse>;

/** Probes: no tenant, no token. The server also answers each without its trailing slash (hidden from the document). */
export const endpoints = defineEndpoints({
  live: { method: 'GET', path: '/health/', auth: 'none', tenantless: true, tags: ['health'], response: healthResponse, errors: [] },
  ready: { method: 'GET', path: '/ready/', auth: 'none', tenantless: true, tags: ['health'], response: readyResponse, errors: [503] },
});

import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { EndpointDef } from '@app/contracts/endpoint';
import { type ReadyResponse, endpoints } from '@app/contracts/health';
import { type Database, statement } from '../db/client';
import { implement } from './endpoints';
import { AppError } from './errors';

const PING = statement('health_ping', 'select 1 as ok');
/** A dependency that has not answered in this long is down (a probe must answer before the balancer's own timeout). */
const CHECK_TIMEOUT_MS = 2000;

/** Whether this instance is shutting down: set once by `BuiltApp.drain` (decision 040). */
export interface Lifecycle {
  draining: boolean;
}

async function check(probe: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([probe().then(() => 'up' as const, () => 'down' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness of this instance: its database, its Redis when configured, and not draining. */
export async function readiness(deps: { database: Pick<Database, 'raw'>; redis?: { ping(): Promise<unknown> }; lifecycle: Lifecycle }): Promise<ReadyResponse> {
  const [database, redis] = await Promise.all([check(() => deps.database.raw(PING, [])), deps.redis ? check(() => deps.redis!.ping()) : Promise.resolve('unconfigured' as const)]);
  const ok = database === 'up' && redis !== 'down' && !deps.lifecycle.draining;
  return { ok, database, redis, draining: deps.lifecycle.draining };
}

/**
 * `GET /api/health/` (liveness: the process answers, nothing else is asked) and `GET /api/ready/`
 * (readiness: 503 `unavailable` while the database or a configured Redis does not answer, or once
 * the instance drains for a shutdown), each also without its trailing slash, as probes are often
 * written. While draining, every other request is refused with 503 and `Connection: close`, so a
 * keep-alive connection of a balancer moves to another instance.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { database: Pick<Database, 'raw'>; redis?: Redis; lifecycle: Lifecycle }): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (!deps.lifecycle.draining || /^\/api\/(health|ready)\/?$/.test(req.url.split('?')[0]!)) return done();
    reply.header('connection', 'close');
    done(new AppError('unavailable', 'This instance is shutting down; try again'));
  });
  // These routes sit on the root, not in the `/api` scope, so the contract's paths (relative to
  // `/api`) get the prefix here; `trim` is the hidden twin without the trailing slash.
  const atRoot = <E extends EndpointDef>(def: E, trim = false) => ({ ...def, path: `/api${trim ? def.path.slice(0, -1) : def.path}` as `/${string}` });
  const live = async () => ({ ok: true as const });
  const ready = async () => {
    const state = await readiness(deps);
    if (!state.ok) throw new AppError('unavailable', state.draining ? 'This instance is shutting down' : 'A dependency of this instance does not answer', state);
    return state;
  };
  implement(
    app,
    { live: atRoot(endpoints.live), liveBare: atRoot(endpoints.live, true), ready: atRoot(endpoints.ready), readyBare: atRoot(endpoints.ready, true) },
    { live, liveBare: { handler: live, hide: true }, ready, readyBare: { handler: ready, hide: true } },
  );
}

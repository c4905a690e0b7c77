import type { Redis } from 'ioredis';
import { AppError } from './errors';
import type { RateLimitsConfig } from './rate-limits';

/** An address a member signed in from stays theirs this long: other addresses' failures do not slow it. */
const KNOWN_ADDRESS_MS = 30 * 86_400_000;
/** Past the per-email budget, unknown addresses wait 1 s, 2 s, 4 s … between attempts, at most this. */
const MAX_DELAY_SECONDS = 60;

/**
 * Wrong passwords, counted so that nobody can lock an owner out (decision 047):
 * - per email and address (`signInPerAccountAddress`): past the budget that pair waits for the
 *   window to pass (429) — an attacker locks out only their own address;
 * - per email from every address (`signInPerAccount`): past the budget, addresses the email has not
 *   signed in from recently are slowed down, one attempt per email each 1, 2, 4 … 60 s, while an
 *   address it signed in from within 30 days is never slowed by the others' failures.
 * Right passwords count nothing. Counters in Redis when configured (every instance shares them),
 * else in this process; a Redis that fails counts nothing rather than refuse sign-ins.
 */
export interface SignInLimits {
  /** Throws 429 `rate_limited` (with `retry_after_seconds` and the limit's name) when this attempt must wait. */
  check(tenantId: number, email: string, address: string): Promise<void>;
  failed(tenantId: number, email: string, address: string): Promise<void>;
  succeeded(tenantId: number, email: string, address: string): Promise<void>;
}

/** Counters with a fixed window, flags with a time to live: what the policy needs of a store. */
interface Store {
  /** Adds one; the window starts with the first. */
  incr(key: string, windowMs: number): Promise<void>;
  /** The count and the milliseconds its window has left (0, 0 when none). */
  get(key: string): Promise<{ count: number; ttlMs: number }>;
  del(key: string): Promise<void>;
  set(key: string, ttlMs: number): Promise<void>;
  has(key: string): Promise<boolean>;
  /** Takes the key for `ttlMs` if nobody holds it: 0, else the milliseconds until it is free. */
  claim(key: string, ttlMs: number): Promise<number>;
}

function memoryStore(): Store {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  let writes = 0;
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  const put = (key: string, count: number, ttlMs: number) => {
    // Bounded by expiry: every 1,000 writes the expired entries go.
    if ((writes += 1) % 1000 === 0) for (const [k, e] of entries) if (e.expiresAt <= Date.now()) entries.delete(k);
    entries.set(key, { count, expiresAt: Date.now() + ttlMs });
  };
  return {
    async incr(key, windowMs) {
      const e = live(key);
      if (e) e.count += 1;
      else put(key, 1, windowMs);
    },
    async get(key) {
      const e = live(key);
      return e ? { count: e.count, ttlMs: e.expiresAt - Date.now() } : { count: 0, ttlMs: 0 };
    },
    async del(key) {
      entries.delete(key);
    },
    async set(key, ttlMs) {
      put(key, 1, ttlMs);
    },
    async has(key) {
      return live(key) !== undefined;
    },
    async claim(key, ttlMs) {
      const e = live(key);
      if (e) return e.expiresAt - Date.now();
      put(key, 1, ttlMs);
      return 0;
    },
  };
}

function redisStore(redis: Redis): Store {
  return {
    async incr(key, windowMs) {
      // The window is set by the first; INCR keeps a key's expiry.
      await redis.multi().set(key, 0, 'PX', windowMs, 'NX').incr(key).exec();
    },
    async get(key) {
      const [count, ttl] = (await redis.multi().get(key).pttl(key).exec()) ?? [];
      return { count: Number(count?.[1] ?? 0), ttlMs: Math.max(0, Number(ttl?.[1] ?? 0)) };
    },
    async del(key) {
      await redis.del(key);
    },
    async set(key, ttlMs) {
      await redis.set(key, 1, 'PX', ttlMs);
    },
    async has(key) {
      return (await redis.exists(key)) === 1;
    },
    async claim(key, ttlMs) {
      if ((await redis.set(key, 1, 'PX', ttlMs, 'NX')) === 'OK') return 0;
      return Math.max(1, await redis.pttl(key));
    },
  };
}

const refuse = (limit: string, ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return new AppError('rate_limited', `Too many requests; try again in ${seconds} s`, { retry_after_seconds: seconds, limit });
};

export function createSignInLimits(config: RateLimitsConfig, redis?: Redis): SignInLimits {
  const store = redis ? redisStore(redis) : memoryStore();
  const perPair = config.signInPerAccountAddress;
  const perEmail = config.signInPerAccount;
  const account = (tenantId: number, email: string) => `${tenantId}:${email.trim().toLowerCase()}`;
  const keys = (tenantId: number, email: string, address: string) => {
    const a = account(tenantId, email);
    return { pair: `rl:si:pair:${a}:${address}`, email: `rl:si:email:${a}`, slot: `rl:si:slot:${a}`, known: `rl:si:known:${a}:${address}` };
  };
  // A failing store counts nothing and refuses nothing, as the request limits do (skipOnError).
  const safely = async <T>(fn: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await fn();
    } catch {
      return fallback;
    }
  };

  return {
    async check(tenantId, email, address) {
      if (!config.enabled) return;
      const k = keys(tenantId, email, address);
      const refusal = await safely(async () => {
        const pair = await store.get(k.pair);
        if (pair.count >= perPair.max) return refuse('signInPerAccountAddress', pair.ttlMs);
        const all = await store.get(k.email);
        if (all.count < perEmail.max || (await store.has(k.known))) return null;
        const delaySeconds = Math.min(MAX_DELAY_SECONDS, 2 ** Math.min(16, all.count - perEmail.max));
        const wait = await store.claim(k.slot, delaySeconds * 1000);
        return wait > 0 ? refuse('signInPerAccount', wait) : null;
      }, null);
      if (refusal) throw refusal;
    },
    async failed(tenantId, email, address) {
      if (!config.enabled) return;
      const k = keys(tenantId, email, address);
      await safely(() => Promise.all([store.incr(k.pair, perPair.windowSeconds * 1000), store.incr(k.email, perEmail.windowSeconds * 1000)]), undefined);
    },
    async succeeded(tenantId, email, address) {
      if (!config.enabled) return;
      const k = keys(tenantId, email, address);
      await safely(() => Promise.all([store.del(k.pair), store.set(k.known, KNOWN_ADDRESS_MS)]), undefined);
    },
  };
}

import { randomBytes } from 'node:crypto';
import { statement, type Database, type Listener } from '../db/client';

export const CACHE_CHANNEL = 'cache_invalidation';
const NOTIFY_SQL = statement('cache_notify', 'select pg_notify($1, $2)');
/** The bucket of entries that belong to no tenant yet (tenant rows by subdomain). */
export const TENANTLESS = 0;

/**
 * Per-process caches of rows the hot path reads on every request (tenants, members, chat
 * context), kept correct by the database itself: triggers on those tables NOTIFY
 * `cache_invalidation` with `<table>:<tenant id>` on every change, whoever made it, and every
 * process drops that tenant's entries (docs/decisions/009). While the listening connection is
 * down nothing is served from or stored in the caches.
 */
export interface CacheHub {
  /** A new cache whose entries belong to tenants. */
  scoped<V extends object>(maxEntries?: number): ScopedCache<V>;
  /**
   * `load` through `cache`: a hit, or the loaded value — kept only when no invalidation of the
   * tenant arrived while loading (so a change racing the load is never cached stale). `undefined`
   * is never cached (a row may be inserted later without an invalidation). A kept value is frozen:
   * concurrent requests share it, so nobody may change it in place.
   */
  through<V extends object>(cache: ScopedCache<V>, tenantId: number, key: string, load: () => Promise<V | undefined>): Promise<V | undefined>;
  /**
   * Drops a tenant's entries in this process now. The database's NOTIFY does this for every
   * process a moment after a change; a service whose change must be seen by the very next request
   * (an admin removing a model permission) also calls this, so this process never answers from the
   * old rows in between.
   */
  invalidate(tenantId: number): void;
  /**
   * Calls `fn` with a tenant's id whenever that tenant's entries are dropped, and with null when
   * all are (the listening connection was lost): for caches of another shape than `scoped`.
   */
  onInvalidate(fn: (tenantId: number | null) => void): void;
  /** Resolves once every change committed before the call has reached this process's caches. */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export interface ScopedCache<V> {
  get(tenantId: number, key: string): V | undefined;
  set(tenantId: number, key: string, value: V): void;
  clearTenant(tenantId: number): void;
  clear(): void;
}

function createScopedCache<V>(maxEntries: number): ScopedCache<V> {
  let byTenant = new Map<number, Map<string, V>>();
  let count = 0;
  return {
    get: (tenantId, key) => byTenant.get(tenantId)?.get(key),
    set(tenantId, key, value) {
      // Bounded: when full, start over (entries are cheap to reload; no LRU bookkeeping per hit).
      if (count >= maxEntries) {
        byTenant = new Map();
        count = 0;
      }
      let m = byTenant.get(tenantId);
      if (!m) byTenant.set(tenantId, (m = new Map()));
      if (!m.has(key)) count += 1;
      m.set(key, value);
    },
    clearTenant(tenantId) {
      const m = byTenant.get(tenantId);
      if (m) {
        count -= m.size;
        byTenant.delete(tenantId);
      }
    },
    clear() {
      byTenant = new Map();
      count = 0;
    },
  };
}

export async function createCacheHub(database: Pick<Database, 'listen' | 'raw'>): Promise<CacheHub> {
  const caches: Array<ScopedCache<unknown>> = [];
  const observers: Array<(tenantId: number | null) => void> = [];
  const generations = new Map<number, number>();
  /** Bumped on every reset: loads that straddle a reset are not kept. */
  let epoch = 0;
  const waiting = new Map<string, () => void>();

  const generation = (tenantId: number) => `${epoch}:${generations.get(tenantId) ?? 0}`;
  function invalidate(tenantId: number) {
    generations.set(tenantId, (generations.get(tenantId) ?? 0) + 1);
    for (const c of caches) c.clearTenant(tenantId);
    for (const o of observers) o(tenantId);
  }
  function reset() {
    epoch += 1;
    generations.clear();
    for (const c of caches) c.clear();
    for (const o of observers) o(null);
  }
  function onPayload(payload: string) {
    if (payload.startsWith('sync:')) {
      waiting.get(payload)?.();
      waiting.delete(payload);
      return;
    }
    const tenantId = Number(payload.slice(payload.lastIndexOf(':') + 1));
    if (!Number.isInteger(tenantId)) return reset();
    invalidate(tenantId);
    // Tenants are looked up by subdomain before their id is known: they live under tenant 0.
    if (payload.startsWith('tenants:')) invalidate(TENANTLESS);
  }

  const listener: Listener = await database.listen(CACHE_CHANNEL, onPayload, reset);

  return {
    scoped<V extends object>(maxEntries = 50_000) {
      const c = createScopedCache<V>(maxEntries);
      caches.push(c as ScopedCache<unknown>);
      return c;
    },
    async through(cache, tenantId, key, load) {
      if (!listener.listening()) return load();
      const hit = cache.get(tenantId, key);
      if (hit !== undefined) return hit;
      const before = generation(tenantId);
      const value = await load();
      if (value !== undefined && listener.listening() && generation(tenantId) === before) cache.set(tenantId, key, Object.freeze(value));
      return value;
    },
    invalidate,
    onInvalidate(fn) {
      observers.push(fn);
    },
    async sync() {
      // NOTIFYs arrive in commit order: once ours is back, every earlier one has been applied.
      const token = `sync:${randomBytes(8).toString('hex')}`;
      const arrived = new Promise<void>((resolve) => waiting.set(token, resolve));
      await database.raw(NOTIFY_SQL, [CACHE_CHANNEL, token]);
      await Promise.race([arrived, new Promise((r) => setTimeout(r, 2000))]);
      waiting.delete(token);
    },
    stop: () => listener.stop(),
  };
}

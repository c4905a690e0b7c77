import type { Database } from '../../db/client';
import { findUsedFigures, type UsedFigures } from './credits.repo';

interface Entry {
  units: bigint;
  at: number;
  /** Bumped by every local write: a load that started before one is not kept. */
  version: number;
  refreshing: boolean;
}

export type { UsedFigures };

/**
 * This period's used credits of members, groups and tenants, for the budget check before a chat
 * streams. Every answer this process closes writes its new totals here (the closing statement
 * returns them), so within one process the figures are exact. Answers closed by other instances
 * (PostgreSQL server, several processes) are picked up when an entry is older than `maxAgeMs`:
 * the stale figure answers at once and a background read refreshes it (decision 009). Anything
 * else that changes the figures (an admin's adjustment, a grant, a reset of the caches) calls
 * `invalidate`, and the next check reads them anew.
 */
export function createUsageCache(database: Pick<Database, 'db'>, opts: { maxAgeMs: number; maxEntries?: number }) {
  const max = opts.maxEntries ?? 100_000;
  let entries = new Map<string, Entry>();
  let version = 0;
  /** Bumped by `invalidate`: a load that started before one is not kept. */
  let invalidations = 0;

  const memberKey = (t: number, m: number, p: string) => `${t}:m${m}:${p}`;
  const groupKey = (t: number, g: number | null, p: string) => `${t}:g${g ?? 0}:${p}`;
  const tenantKey = (t: number, p: string) => `${t}:t:${p}`;

  function put(key: string, units: bigint, at: number, v: number) {
    const old = entries.get(key);
    if (old && old.version > v) return;
    entries.set(key, { units, at, version: v, refreshing: false });
  }

  async function load(tenantId: number, memberId: number, groupId: number | null, period: string): Promise<UsedFigures> {
    const v = version;
    const seen = invalidations;
    const at = Date.now();
    const f = await findUsedFigures(database.db, tenantId, memberId, groupId, period);
    if (seen !== invalidations) return f;
    if (entries.size >= max) entries = new Map();
    put(memberKey(tenantId, memberId, period), f.usedUnits, at, v);
    put(groupKey(tenantId, groupId, period), f.groupUsedUnits, at, v);
    put(tenantKey(tenantId, period), f.tenantUsedUnits, at, v);
    return f;
  }

  /** The cached figures, or undefined when one is missing. */
  function peek(tenantId: number, memberId: number, groupId: number | null, period: string): (UsedFigures & { stale: boolean; m: Entry }) | undefined {
    const m = entries.get(memberKey(tenantId, memberId, period));
    const g = entries.get(groupKey(tenantId, groupId, period));
    const t = entries.get(tenantKey(tenantId, period));
    if (!m || !g || !t) return undefined;
    const now = Date.now();
    const stale = now - m.at > opts.maxAgeMs || now - g.at > opts.maxAgeMs || now - t.at > opts.maxAgeMs;
    return { usedUnits: m.units, groupUsedUnits: g.units, tenantUsedUnits: t.units, stale, m };
  }

  return {
    /** The figures, from the cache when it holds them (a stale one is refreshed in the background). */
    async figures(tenantId: number, memberId: number, groupId: number | null, period: string): Promise<UsedFigures> {
      const hit = peek(tenantId, memberId, groupId, period);
      if (!hit) return load(tenantId, memberId, groupId, period);
      if (hit.stale && !hit.m.refreshing) {
        hit.m.refreshing = true;
        load(tenantId, memberId, groupId, period).catch(() => {
          hit.m.refreshing = false;
        });
      }
      return { usedUnits: hit.usedUnits, groupUsedUnits: hit.groupUsedUnits, tenantUsedUnits: hit.tenantUsedUnits };
    },
    /**
     * The figures as this process knows them now, synchronously (after `figures` resolved): what
     * an admission compares with the reservations in the same tick, so no charge settles between.
     */
    current(tenantId: number, memberId: number, groupId: number | null, period: string, loaded: UsedFigures): UsedFigures {
      const hit = peek(tenantId, memberId, groupId, period);
      return hit ? { usedUnits: hit.usedUnits, groupUsedUnits: hit.groupUsedUnits, tenantUsedUnits: hit.tenantUsedUnits } : loaded;
    },
    /** Drops the figures of one tenant (all of them with null): the next check reads them anew. */
    invalidate(tenantId: number | null) {
      invalidations += 1;
      if (tenantId === null) {
        entries = new Map();
        return;
      }
      const prefix = `${tenantId}:`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    /** The totals an answer's closing statement returned. */
    record(tenantId: number, memberId: number, groupId: number | null, period: string, totals: { memberUsedUnits: bigint; tenantUsedUnits: bigint; groupUsedUnits: bigint | null }) {
      version += 1;
      const at = Date.now();
      // Usage only grows within a month; two closes on two connections may resolve out of order.
      const keep = (key: string, units: bigint) => {
        const old = entries.get(key);
        put(key, old && old.units > units ? old.units : units, at, version);
      };
      keep(memberKey(tenantId, memberId, period), totals.memberUsedUnits);
      keep(tenantKey(tenantId, period), totals.tenantUsedUnits);
      if (groupId !== null && totals.groupUsedUnits !== null) keep(groupKey(tenantId, groupId, period), totals.groupUsedUnits);
    },
  };
}
export type UsageCache = ReturnType<typeof createUsageCache>;

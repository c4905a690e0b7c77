import type { Database } from '../../db/client';
import { findCreditFigures } from './credits.repo';

interface Entry {
  units: bigint;
  at: number;
  /** Bumped by every local write: a load that started before one is not kept. */
  version: number;
  refreshing: boolean;
}

export interface UsageFigures {
  usedUnits: bigint;
  tenantUsedUnits: bigint;
}

/**
 * This month's used credits of members and tenants, for the depletion check before a chat
 * streams. Every answer this process closes writes its new totals here (the closing statement
 * returns them), so within one process the figures are exact. Answers closed by other instances
 * (PostgreSQL server, several processes) are picked up when an entry is older than `maxAgeMs`:
 * the stale figure answers at once and a background read refreshes it (decision 009). Anything
 * else that changes the figures (an admin's adjustment, a changed membership, a reset of the
 * caches) calls `invalidate`, and the next check reads them anew.
 */
export function createUsageCache(database: Pick<Database, 'db'>, opts: { maxAgeMs: number; maxEntries?: number }) {
  const max = opts.maxEntries ?? 100_000;
  let members = new Map<string, Entry>();
  let tenants = new Map<string, Entry>();
  let version = 0;
  /** Bumped by `invalidate`: a load that started before one is not kept. */
  let invalidations = 0;

  function put(map: Map<string, Entry>, key: string, units: bigint, at: number, v: number) {
    const old = map.get(key);
    if (old && old.version > v) return;
    map.set(key, { units, at, version: v, refreshing: false });
  }

  async function load(tenantId: number, memberId: number, groupId: number | null, period: string) {
    const v = version;
    const seen = invalidations;
    const at = Date.now();
    const f = await findCreditFigures(database.db, tenantId, memberId, groupId, period);
    if (seen !== invalidations) return { usedUnits: f.usedUnits, tenantUsedUnits: f.tenantUsedUnits };
    if (members.size >= max) members = new Map();
    if (tenants.size >= max) tenants = new Map();
    put(members, `${tenantId}:${memberId}:${period}`, f.usedUnits, at, v);
    put(tenants, `${tenantId}:${period}`, f.tenantUsedUnits, at, v);
    return { usedUnits: f.usedUnits, tenantUsedUnits: f.tenantUsedUnits };
  }

  return {
    async figures(tenantId: number, memberId: number, groupId: number | null, period: string): Promise<UsageFigures> {
      const m = members.get(`${tenantId}:${memberId}:${period}`);
      const t = tenants.get(`${tenantId}:${period}`);
      if (!m || !t) return load(tenantId, memberId, groupId, period);
      const now = Date.now();
      if ((now - m.at > opts.maxAgeMs || now - t.at > opts.maxAgeMs) && !m.refreshing) {
        m.refreshing = true;
        load(tenantId, memberId, groupId, period).catch(() => {
          m.refreshing = false;
        });
      }
      return { usedUnits: m.units, tenantUsedUnits: t.units };
    },
    /** Drops the figures of one tenant (all of them with null): the next check reads them anew. */
    invalidate(tenantId: number | null) {
      invalidations += 1;
      if (tenantId === null) {
        members = new Map();
        tenants = new Map();
        return;
      }
      const prefix = `${tenantId}:`;
      for (const key of members.keys()) if (key.startsWith(prefix)) members.delete(key);
      for (const key of tenants.keys()) if (key.startsWith(prefix)) tenants.delete(key);
    },
    /** The totals an answer's closing statement returned. */
    record(tenantId: number, memberId: number, period: string, totals: { memberUsedUnits: bigint; tenantUsedUnits: bigint }) {
      version += 1;
      const at = Date.now();
      // Usage only grows within a month; two closes on two connections may resolve out of order.
      const keep = (map: Map<string, Entry>, key: string, units: bigint) => {
        const old = map.get(key);
        put(map, key, old && old.units > units ? old.units : units, at, version);
      };
      keep(members, `${tenantId}:${memberId}:${period}`, totals.memberUsedUnits);
      keep(tenants, `${tenantId}:${period}`, totals.tenantUsedUnits);
    },
  };
}
export type UsageCache = ReturnType<typeof createUsageCache>;

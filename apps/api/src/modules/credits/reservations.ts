import { type RawExecutor, statement } from '../../db/client';

/** The budget that refused a chat (spec §8's depleted variants). */
export type BudgetScope = 'member' | 'group' | 'tenant';

/** Whose budgets a chat draws on, and in which period. */
export interface Holder {
  tenantId: number;
  memberId: number;
  groupId: number | null;
  period: string;
}

/** A hold on credits taken in this process; `release` is idempotent. */
export interface LocalHold {
  readonly units: bigint;
  release(): void;
}

/**
 * The credits this process's admitted chats hold until their charges (decision 031). On the
 * embedded database the process owns every chat, so these and the usage cache are the whole truth
 * and admission needs no round trip; on a server they let the process refuse at once what it
 * already knows cannot fit, and the database's `credit_reserve` decides.
 */
export function createLocalHolds() {
  const held = new Map<string, bigint>();
  const keys = (h: Holder) => [`${h.tenantId}:m${h.memberId}:${h.period}`, `${h.tenantId}:g${h.groupId ?? 0}:${h.period}`, `${h.tenantId}:t:${h.period}`] as const;
  const move = (key: string, d: bigint) => {
    const v = (held.get(key) ?? 0n) + d;
    if (v === 0n) held.delete(key);
    else held.set(key, v);
  };
  return {
    /** What the member, their group and the tenant hold now. */
    of(h: Holder): { member: bigint; group: bigint; tenant: bigint } {
      const [m, g, t] = keys(h);
      return { member: held.get(m) ?? 0n, group: held.get(g) ?? 0n, tenant: held.get(t) ?? 0n };
    },
    take(h: Holder, units: bigint): LocalHold {
      const k = keys(h);
      for (const key of k) move(key, units);
      let released = false;
      return {
        units,
        release() {
          if (released) return;
          released = true;
          for (const key of k) move(key, -units);
        },
      };
    },
  };
}
export type LocalHolds = ReturnType<typeof createLocalHolds>;

const RESERVE_SQL = statement(
  'credits_reserve',
  'select reservation_id::text, refused, member_left::text, group_left::text, tenant_left::text from credit_reserve($1, $2, $3, $4::date, $5, $6, $7, $8, $9::interval)',
);
const RELEASE_SQL = statement('credits_release', 'delete from credit_reservations where tenant_id = $1 and id = $2');

export interface Budgets {
  memberUnits: bigint;
  groupPoolUnits: bigint | null;
  tenantPoolUnits: bigint | null;
}

export type DatabaseReservation = { id: number } | { refused: BudgetScope; memberLeft: bigint; tenantLeft: bigint | null };

/** The database's atomic admission (migration 0020): a reservation's id, or the budget that refused it. */
export async function reserveInDatabase(db: RawExecutor, h: Holder, units: bigint, budgets: Budgets, ttlSeconds: number): Promise<DatabaseReservation> {
  const [row] = await db.raw<{ reservation_id: string | null; refused: BudgetScope | null; member_left: string; tenant_left: string | null }>(RESERVE_SQL, [
    h.tenantId,
    h.memberId,
    h.groupId,
    h.period,
    units.toString(),
    budgets.memberUnits.toString(),
    budgets.groupPoolUnits?.toString() ?? null,
    budgets.tenantPoolUnits?.toString() ?? null,
    `${ttlSeconds} seconds`,
  ]);
  if (row?.reservation_id) return { id: Number(row.reservation_id) };
  return { refused: row?.refused ?? 'member', memberLeft: BigInt(row?.member_left ?? 0), tenantLeft: row?.tenant_left == null ? null : BigInt(row.tenant_left) };
}

/**
 * Start-up, alone on the database (decision 041): every reservation left is a dead process's —
 * its answers will never be charged — so all are released at once instead of after their 15
 * minutes. Across tenants on purpose (the owner's connection). Returns how many.
 */
export async function releaseAbandonedReservations(owner: RawExecutor): Promise<number> {
  const rows = await owner.raw<{ n: string }>(RELEASE_ALL_SQL, []);
  return Number(rows[0]?.n ?? 0);
}
const RELEASE_ALL_SQL = statement('credits_release_abandoned', 'with d as (delete from credit_reservations returning 1) select count(*)::text as n from d');

export async function releaseInDatabase(db: RawExecutor, tenantId: number, id: number): Promise<void> {
  await db.raw(RELEASE_SQL, [tenantId, id]);
}

import type { Database, Db } from '../../db/client';
import type { CacheHub, ScopedCache } from '../../platform/cache';
import type { MemberContext, MemberRow } from '../../platform/context';
import type { CreditStatus } from './credits.rules';
import type { createLocalHolds } from './reservations';
import type { createUsageCache } from './usage-cache';

/** The types the credits service and its parts (budget, charges, reports) share: apart, so no part imports the service. */

/**
 * An admitted chat's hold on the credits its estimate needs, until its charge settles it (or it is
 * released: the answer never came). Low-cost models are admitted without one (spec §4).
 */
export interface Admission {
  status: CreditStatus;
  period: string;
  groupId: number | null;
  /** On a server: the database's atomic admission; refuses with 402 when another instance's chats took the rest. */
  confirm(): Promise<void>;
  /** The database reservation the charge deletes, once confirmed (null on the embedded database). */
  reservationId(): number | null;
  /** Idempotent: lets go of the hold without a charge. */
  release(): void;
}

/** What the credits module needs of the members module: the caller's own record (or 404 / 403), the tenant's groups. */
export interface OwnRecordLookup {
  ownRecord(ctx: MemberContext, id: number): Promise<MemberRow>;
}
export interface GroupQuotas {
  all(tenantId: number): Promise<Array<{ id: number; koName: string; enName: string; creditQuotaUnits: bigint | null }>>;
}

export interface CreditsServiceDeps {
  database: Database;
  caches: CacheHub;
  members: OwnRecordLookup;
  groups: GroupQuotas;
}

/** The deps and what the factory builds from them once: the caches and holds every operation shares. */
export interface CreditsState extends CreditsServiceDeps {
  db: Db;
  groupQuotas: ScopedCache<{ memberUnits: bigint; poolUnits: bigint | null }>;
  grants: ScopedCache<{ units: bigint }>;
  usage: ReturnType<typeof createUsageCache>;
  holds: ReturnType<typeof createLocalHolds>;
  /** One process owns an embedded database: its own charges and holds keep the figures exact. */
  embedded: boolean;
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tenants } from '../../db/schema/tenants';

// Tenants are the boundary itself: the only table queried without a tenant id.
export function findTenantBySubdomain(db: Executor, subdomain: string) {
  return db.query.tenants.findFirst({ where: eq(tenants.subdomain, subdomain) });
}

export function findTenantById(db: Executor, id: number) {
  return db.query.tenants.findFirst({ where: eq(tenants.id, id) });
}

export function listTenants(db: Executor) {
  return db.select().from(tenants).orderBy(asc(tenants.id));
}

export async function insertTenant(db: Executor, values: typeof tenants.$inferInsert) {
  const [row] = await db.insert(tenants).values(values).returning();
  return row!;
}

export type TenantChanges = Partial<Pick<typeof tenants.$inferInsert, 'autoApprove' | 'maxMembers' | 'koName' | 'enName' | 'logoUrl' | 'creditQuotaUnits' | 'planKind' | 'disabledAt' | 'stopAnswersWithoutReader'>>;

export async function updateTenant(db: Executor, id: number, values: TenantChanges) {
  const [row] = await db.update(tenants).set(values).where(eq(tenants.id, id)).returning();
  return row;
}

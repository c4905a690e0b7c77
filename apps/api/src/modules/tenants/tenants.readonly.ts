import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// What the tenants module lends other modules (decision 055), read-only.

/** The tenant's billing day (the first day of its credit periods): a grant's period starts from it. */
export async function findTenantBillingDay(db: Executor, tenantId: number): Promise<number | undefined> {
  const tenant = await db.query.tenants.findFirst({ columns: { billingDay: true }, where: (t, { eq }) => eq(t.id, tenantId) });
  return tenant?.billingDay;
}

/** Locks the tenant's row for the rest of the transaction: the members module serialises seat taking on it. */
export async function lockTenantRow(tx: Executor, tenantId: number): Promise<void> {
  await tx.execute(sql`select id from tenants where id = ${tenantId} for update`);
}

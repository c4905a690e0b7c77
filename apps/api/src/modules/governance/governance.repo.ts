import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { governanceSettings } from '../../db/schema/governance';

export type GovernanceRow = typeof governanceSettings.$inferSelect;

export async function findSettings(db: Executor, tenantId: number): Promise<GovernanceRow | undefined> {
  const [row] = await db.select().from(governanceSettings).where(eq(governanceSettings.tenantId, tenantId)).limit(1);
  return row;
}

export async function saveSettings(db: Executor, tenantId: number, values: Pick<GovernanceRow, 'restrictedWords' | 'blockPersonalInfo' | 'maskPersonalInfo'>): Promise<GovernanceRow> {
  const [row] = await db
    .insert(governanceSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: governanceSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webSearchSettings } from '../../db/schema/web-search';

export type WebSearchSettingsRow = typeof webSearchSettings.$inferSelect;

export async function findSettings(db: Executor, tenantId: number): Promise<WebSearchSettingsRow | undefined> {
  const [row] = await db.select().from(webSearchSettings).where(eq(webSearchSettings.tenantId, tenantId)).limit(1);
  return row;
}

export async function saveSettings(
  db: Executor,
  tenantId: number,
  values: Pick<WebSearchSettingsRow, 'isEnabled' | 'provider' | 'url' | 'maxResults'> & { apiKeySealed?: string | null },
): Promise<WebSearchSettingsRow> {
  const [row] = await db
    .insert(webSearchSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: webSearchSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

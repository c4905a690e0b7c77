import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema/index';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function listMemberKeys(db: Executor, tenantId: number, memberId: number) {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.memberId, memberId)))
    .orderBy(desc(apiKeys.id));
}

export async function countMemberKeys(db: Executor, tenantId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.memberId, memberId)));
  return row?.n ?? 0;
}

export async function insertKey(db: Executor, tenantId: number, values: Omit<typeof apiKeys.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(apiKeys).values({ ...values, tenantId }).returning();
  return row!;
}

export async function findMemberKey(db: Executor, tenantId: number, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.memberId, memberId), eq(apiKeys.id, id)));
  return row;
}

export async function updateKey(db: Executor, tenantId: number, id: number, values: Partial<Pick<ApiKeyRow, 'name' | 'chatbotIds'>>) {
  const [row] = await db
    .update(apiKeys)
    .set(values)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

export async function deleteKey(db: Executor, tenantId: number, id: number) {
  await db.delete(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
}

export async function findKeyById(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  return row;
}

/** Counts a request and its tokens on the key. */
export async function recordKeyUse(db: Executor, tenantId: number, id: number, tokens: number) {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date(), requestCount: sql`${apiKeys.requestCount} + 1`, tokenCount: sql`${apiKeys.tokenCount} + ${tokens}` })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
}

/** A key by its secret's hash, any tenant's: `/v1` callers send no tenant, so the caller reads it with the owner's connection. */
export async function findKeyByHash(db: Executor, secretHash: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)).limit(1);
  return row;
}

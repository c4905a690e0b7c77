import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema/apikeys';

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

/** Counts requests and their tokens on a tenant's keys, several keys in one statement. */
export async function recordKeyUses(db: Executor, tenantId: number, uses: Array<{ id: number; requests: number; tokens: number; at: Date }>) {
  const rows = JSON.stringify(uses.map((u) => ({ id: u.id, n: u.requests, t: u.tokens, at: u.at.toISOString() })));
  await db.execute(sql`update api_keys k set request_count = k.request_count + u.n, token_count = k.token_count + u.t,
      last_used_at = greatest(coalesce(k.last_used_at, u.at), u.at)
    from json_to_recordset(${rows}::json) as u(id int, n int, t bigint, at timestamptz)
    where k.tenant_id = ${tenantId} and k.id = u.id`);
}

/** A key by its secret's hash, any tenant's: `/v1` callers send no tenant, so the caller reads it with the owner's connection. */
export async function findKeyByHash(db: Executor, secretHash: string) {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash)).limit(1);
  return row;
}

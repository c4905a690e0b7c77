import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { llmModelGroupAccess, llmModels } from '../../db/schema/llm-models';

export type LlmModelRow = typeof llmModels.$inferSelect;

export function listModels(db: Executor, tenantId: number) {
  return db.select().from(llmModels).where(and(eq(llmModels.tenantId, tenantId), eq(llmModels.isEnabled, true))).orderBy(asc(llmModels.id));
}

export function findModel(db: Executor, tenantId: number, id: number) {
  return db.query.llmModels.findFirst({ where: and(eq(llmModels.tenantId, tenantId), eq(llmModels.id, id)) });
}

export function findDeniedAccess(db: Executor, tenantId: number, groupIds: number[]) {
  if (groupIds.length === 0) return Promise.resolve([]);
  return db
    .select({ llmModelId: llmModelGroupAccess.llmModelId, memberGroupId: llmModelGroupAccess.memberGroupId })
    .from(llmModelGroupAccess)
    .where(
      and(
        eq(llmModelGroupAccess.tenantId, tenantId),
        inArray(llmModelGroupAccess.memberGroupId, groupIds),
        eq(llmModelGroupAccess.isAvailable, false),
      ),
    );
}

export function findModelByName(db: Executor, tenantId: number, provider: string, modelName: string) {
  return db.query.llmModels.findFirst({ where: and(eq(llmModels.tenantId, tenantId), eq(llmModels.provider, provider), eq(llmModels.modelName, modelName)) });
}

export async function insertModel(db: Executor, tenantId: number, values: Omit<typeof llmModels.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(llmModels).values({ ...values, tenantId }).returning();
  return row!;
}

/** Every model of the tenant, enabled or not (the console). */
export function listAllModels(db: Executor, tenantId: number) {
  return db.select().from(llmModels).where(eq(llmModels.tenantId, tenantId)).orderBy(asc(llmModels.id));
}

export function listAccessRows(db: Executor, tenantId: number) {
  return db
    .select({ llmModelId: llmModelGroupAccess.llmModelId, memberGroupId: llmModelGroupAccess.memberGroupId, isAvailable: llmModelGroupAccess.isAvailable })
    .from(llmModelGroupAccess)
    .where(eq(llmModelGroupAccess.tenantId, tenantId));
}

export async function upsertAccess(db: Executor, tenantId: number, llmModelId: number, memberGroupId: number, isAvailable: boolean) {
  await db
    .insert(llmModelGroupAccess)
    .values({ tenantId, llmModelId, memberGroupId, isAvailable })
    .onConflictDoUpdate({ target: [llmModelGroupAccess.tenantId, llmModelGroupAccess.llmModelId, llmModelGroupAccess.memberGroupId], set: { isAvailable } });
}

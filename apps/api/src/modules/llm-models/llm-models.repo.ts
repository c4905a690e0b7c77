import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { llmModelGroupAccess, llmModels } from '../../db/schema/index';

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

/** Whether one of the member's groups (default plus additional) allows the model; no access row = allowed. */
export function modelUsableSql(tenantId: number, member: { id: number; defaultMemberGroupId: number | null }, modelId: SQL | number): SQL {
  return sql`exists (
    select 1 from (
      select ${member.defaultMemberGroupId}::int as g where ${member.defaultMemberGroupId}::int is not null
      union
      select member_group_id from member_group_memberships where tenant_id = ${tenantId} and member_id = ${member.id}
    ) groups
    where not exists (
      select 1 from llm_model_group_access a
      where a.tenant_id = ${tenantId} and a.llm_model_id = ${modelId} and a.member_group_id = groups.g and not a.is_available
    )
  )`;
}

export async function isModelUsableBy(db: Executor, tenantId: number, member: { id: number; defaultMemberGroupId: number | null }, modelId: number) {
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select ${modelUsableSql(tenantId, member, modelId)} as ok`);
  return row?.ok === true;
}

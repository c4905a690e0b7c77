import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, statement, type StatementCall } from '../../db/client';
import { categories, chatbotCategories, chatbots, llmModels } from '../../db/schema/index';
import { offsetOf } from '../../platform/pagination';
import { containsPattern } from '../../db/like';

export type ChatbotRow = typeof chatbots.$inferSelect;

export interface ChatbotFilter {
  memberId: number;
  includeDefault?: boolean;
  searchTerm?: string;
  categoryId?: number;
  isPublic?: boolean;
  creatorId?: number;
  /** Models the member may not use: their chatbots are left out (with those of disabled models). */
  deniedModelIds: number[];
  orderBy: string;
  page: number;
  size: number;
}

/** What a member may see: default chatbots, their own, and public ones. */
function visibleTo(tenantId: number, memberId: number): SQL {
  return and(
    eq(chatbots.tenantId, tenantId),
    isNull(chatbots.deletedAt),
    or(eq(chatbots.isDefault, true), eq(chatbots.creatorId, memberId), eq(chatbots.isPublic, true)),
  )!;
}

const orderings: Record<string, SQL[]> = {
  'id.desc': [desc(chatbots.id)],
  'id.asc': [asc(chatbots.id)],
  'created_at.desc': [desc(chatbots.createdAt), desc(chatbots.id)],
  'last_chat_at.desc': [sql`${chatbots.lastChatAt} desc nulls last`, desc(chatbots.id)],
  'message_count.desc': [desc(chatbots.messageCount), desc(chatbots.id)],
  'name.asc': [asc(chatbots.enName), asc(chatbots.id)],
};

export async function listVisibleChatbots(db: Executor, tenantId: number, f: ChatbotFilter) {
  const conds: SQL[] = [visibleTo(tenantId, f.memberId)];
  if (f.includeDefault === false) conds.push(eq(chatbots.isDefault, false));
  if (f.isPublic !== undefined) conds.push(eq(chatbots.isPublic, f.isPublic));
  if (f.creatorId !== undefined) conds.push(eq(chatbots.creatorId, f.creatorId));
  if (f.searchTerm) {
    const like = containsPattern(f.searchTerm);
    conds.push(or(ilike(chatbots.koName, like), ilike(chatbots.enName, like))!);
  }
  if (f.deniedModelIds.length > 0) conds.push(notInArray(chatbots.llmModelId, f.deniedModelIds));
  if (f.categoryId !== undefined) {
    conds.push(
      sql`exists (select 1 from ${chatbotCategories} cc where cc.tenant_id = ${chatbots.tenantId} and cc.chatbot_id = ${chatbots.id} and cc.category_id = ${f.categoryId})`,
    );
  }
  conds.push(sql`exists (select 1 from ${llmModels} m where m.tenant_id = ${chatbots.tenantId} and m.id = ${chatbots.llmModelId} and m.is_enabled)`);
  const where = and(...conds);
  const [rows, [count]] = await Promise.all([
    db
      .select({ chatbot: chatbots, model: llmModels })
      .from(chatbots)
      .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
      .where(where)
      // The offline demo model's chatbot goes last in every order: once a real provider is configured
      // it stays usable, but "the first default chatbot" (New chat) is a real one.
      .orderBy(sql`${llmModels.provider} = 'offline'`, ...(orderings[f.orderBy] ?? orderings['id.desc']!))
      .limit(f.size)
      .offset(offsetOf(f.page, f.size)),
    db.select({ n: sql<number>`count(*)::int` }).from(chatbots).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findChatbotWithModel(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select({ chatbot: chatbots, model: llmModels })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, id)))
    .limit(1);
  return row;
}

export async function findCategoriesOf(db: Executor, tenantId: number, chatbotIds: number[]) {
  if (chatbotIds.length === 0) return [];
  return db
    .select({ chatbotId: chatbotCategories.chatbotId, id: categories.id, koName: categories.koName, enName: categories.enName })
    .from(chatbotCategories)
    .innerJoin(categories, and(eq(categories.tenantId, chatbotCategories.tenantId), eq(categories.id, chatbotCategories.categoryId)))
    .where(and(eq(chatbotCategories.tenantId, tenantId), inArray(chatbotCategories.chatbotId, chatbotIds)));
}

export async function insertChatbot(db: Executor, tenantId: number, values: Omit<typeof chatbots.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(chatbots).values({ ...values, tenantId }).returning();
  return row!;
}

/**
 * The chatbot columns a chat reads, and no more: the chat context is cached per process, and a
 * change of any of these must reach the cache (the `chatbots_cache_invalidation` trigger lists
 * them; a test fails when one is missing).
 */
export const chatColumns = {
  id: chatbots.id,
  creatorId: chatbots.creatorId,
  llmModelId: chatbots.llmModelId,
  isDefault: chatbots.isDefault,
  isPublic: chatbots.isPublic,
  deletedAt: chatbots.deletedAt,
  systemInstructions: chatbots.systemInstructions,
  temperature: chatbots.temperature,
  topP: chatbots.topP,
};

/** A chatbot and its model as a chat needs them, in one statement. */
export async function findChatbotForChat(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select({ chatbot: chatColumns, model: llmModels })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, id)))
    .limit(1);
  return row;
}

/** Counts answers of a tenant's chatbots (message count, last chat): the chatbots' share of an answer's close, run with the others' (`rawMany`). */
export function countAnswersCall(tenantId: number, counts: Array<{ id: number; n: number }>): StatementCall {
  return { statement: COUNT_ANSWERS_SQL, params: [tenantId, JSON.stringify(counts)] };
}
const COUNT_ANSWERS_SQL = statement('chatbots_count_answers', `update chatbots c set message_count = c.message_count + v.n, last_chat_at = now()
  from (select id, sum(n)::int as n from json_to_recordset($2::json) as r(id int, n int) group by id) v
  where c.tenant_id = $1 and c.id = v.id`);

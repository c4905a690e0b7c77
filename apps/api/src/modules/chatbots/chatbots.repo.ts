import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, statement, type StatementCall } from '../../db/client';
import { chatbotCategories, chatbotDocuments, chatbotImages, chatbotMemberGroups, chatbotPublishRequests, chatbotRelations, chatbotReleases, chatbots } from '../../db/schema/chatbots';
import { offsetOf } from '../../platform/pagination';
import { categoryNames as categories } from '../categories/categories.readonly';
import { fileStatuses as files } from '../files/files.readonly';
import { llmModelsView } from '../llm-models/llm-models.readonly';
import { memberGroupNames as memberGroups } from '../members/members.readonly';
import { containsPattern } from '../../db/like';

export type ChatbotRow = typeof chatbots.$inferSelect;
export type ReleaseRow = typeof chatbotReleases.$inferSelect;

/** This month as yyyymm (UTC): the key of the month figures on a chatbot's row. */
export const MONTH_KEY_SQL = sql`to_char(now() at time zone 'UTC', 'YYYYMM')::int`;

export interface ChatbotFilter {
  memberId: number;
  /** The member's groups: a public chatbot shows to members of the groups it is allowed for. */
  groupIds: readonly number[];
  includeDefault?: boolean;
  includeHidden?: boolean;
  searchTerm?: string;
  categoryId?: number;
  isPublic?: boolean;
  waitingPublish?: boolean;
  creatorId?: number;
  /** Recently used by this member, most recent first. */
  recentOf?: number;
  /** Models the member may not use: their chatbots are left out (with those of disabled models). */
  deniedModelIds: number[];
  orderBy: string;
  page: number;
  size: number;
}

const releases = chatbotReleases;
/** The chatbot's allowed groups as one array column (the visibility rule reads them with the row). */
const groupIdsOfChatbot = sql<number[]>`coalesce((select array_agg(g.member_group_id) from ${chatbotMemberGroups} g where g.tenant_id = ${chatbots.tenantId} and g.chatbot_id = ${chatbots.id}), '{}')`;
// Other modules' rows come through the views their owners declare (decision 055), under the
// tables' own names: the statements read as they did on the tables.
const { view: llmModels, columns: modelColumns } = llmModelsView('llm_models');
const { view: releaseModels, columns: releaseModelColumns } = llmModelsView('release_model');

/** Allowed for one of the groups (the store's and the chat's visibility rule, spec §6). */
function allowedFor(tenantId: number, groupIds: readonly number[]): SQL {
  if (groupIds.length === 0) return sql`false`;
  // A semi-join the planner can drive from the groups' index.
  return sql`${chatbots.id} in (select g.chatbot_id from ${chatbotMemberGroups} g where g.tenant_id = ${tenantId} and g.member_group_id in ${groupIds})`;
}

/** What a member may see: default chatbots, their own, and public ones allowed for one of their groups. */
function visibleTo(tenantId: number, memberId: number, groupIds: readonly number[]): SQL {
  return and(
    eq(chatbots.tenantId, tenantId),
    isNull(chatbots.deletedAt),
    or(eq(chatbots.isDefault, true), eq(chatbots.creatorId, memberId), and(eq(chatbots.isPublic, true), allowedFor(tenantId, groupIds))),
  )!;
}

const monthMessages = sql`case when ${chatbots.monthKey} = ${MONTH_KEY_SQL} then ${chatbots.monthMessageCount} else 0 end`;
const orderings: Record<string, SQL[]> = {
  'id.desc': [desc(chatbots.id)],
  'id.asc': [asc(chatbots.id)],
  'created_at.desc': [desc(chatbots.createdAt), desc(chatbots.id)],
  'last_chat_at.desc': [sql`${chatbots.lastChatAt} desc nulls last`, desc(chatbots.id)],
  'message_count.desc': [desc(chatbots.messageCount), desc(chatbots.id)],
  'month_message_count.desc': [sql`${monthMessages} desc`, desc(chatbots.messageCount), desc(chatbots.id)],
  'name.asc': [asc(chatbots.enName), asc(chatbots.id)],
};

export async function listVisibleChatbots(db: Executor, tenantId: number, f: ChatbotFilter) {
  const conds: SQL[] = [visibleTo(tenantId, f.memberId, f.groupIds)];
  if (f.includeDefault === false) conds.push(eq(chatbots.isDefault, false));
  if (!f.includeHidden) conds.push(eq(chatbots.isHidden, false));
  if (f.isPublic !== undefined) conds.push(eq(chatbots.isPublic, f.isPublic));
  if (f.waitingPublish !== undefined) conds.push(eq(chatbots.waitingPublish, f.waitingPublish));
  if (f.creatorId !== undefined) conds.push(eq(chatbots.creatorId, f.creatorId));
  if (f.searchTerm) {
    // Others find a public chatbot by its approved names; the creator by the draft's too.
    const like = containsPattern(f.searchTerm);
    conds.push(or(ilike(chatbots.koName, like), ilike(chatbots.enName, like), ilike(releases.koName, like), ilike(releases.enName, like))!);
  }
  if (f.deniedModelIds.length > 0) conds.push(notInArray(chatbots.llmModelId, f.deniedModelIds));
  if (f.categoryId !== undefined) {
    conds.push(
      sql`exists (select 1 from ${chatbotCategories} cc where cc.tenant_id = ${chatbots.tenantId} and cc.chatbot_id = ${chatbots.id} and cc.category_id = ${f.categoryId})`,
    );
  }
  if (f.recentOf !== undefined) {
    conds.push(sql`exists (select 1 from ${chatbotRelations} rel where rel.tenant_id = ${chatbots.tenantId} and rel.chatbot_id = ${chatbots.id} and rel.member_id = ${f.recentOf})`);
  }
  // Chatbots of disabled models are left out (the join below reads the model).
  conds.push(eq(llmModels.isEnabled, true));
  const where = and(...conds);
  const order =
    f.recentOf !== undefined
      ? [
          sql`(select rel.used_at from ${chatbotRelations} rel where rel.tenant_id = ${chatbots.tenantId} and rel.chatbot_id = ${chatbots.id} and rel.member_id = ${f.recentOf}) desc`,
          desc(chatbots.id),
        ]
      : (orderings[f.orderBy] ?? orderings['id.desc']!);
  // One statement: the page and, beside each row, the count of all rows (one scan and sort, not two).
  const rows = await db
    .select({ chatbot: chatbots, model: modelColumns, release: releases, releaseModel: releaseModelColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .leftJoin(releases, and(eq(releases.tenantId, chatbots.tenantId), eq(releases.chatbotId, chatbots.id)))
    .leftJoin(releaseModels, and(eq(releaseModels.tenantId, releases.tenantId), eq(releaseModels.id, releases.llmModelId)))
    .where(where)
    // The offline demo model's chatbot goes last in every order: once a real provider is configured
    // it stays usable, but "the first default chatbot" (New chat) is a real one.
    .orderBy(sql`${llmModels.provider} = 'offline'`, ...order)
    .limit(f.size)
    .offset(offsetOf(f.page, f.size));
  if (rows.length > 0 || f.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  // Past the last page: the count alone.
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .leftJoin(releases, and(eq(releases.tenantId, chatbots.tenantId), eq(releases.chatbotId, chatbots.id)))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** A chatbot, its model, its approved version (with that version's model) and its groups. */
export async function findChatbotFull(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select({
      chatbot: chatbots,
      model: modelColumns,
      release: releases,
      releaseModel: releaseModelColumns,
      groupIds: groupIdsOfChatbot,
    })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .leftJoin(releases, and(eq(releases.tenantId, chatbots.tenantId), eq(releases.chatbotId, chatbots.id)))
    .leftJoin(releaseModels, and(eq(releaseModels.tenantId, releases.tenantId), eq(releaseModels.id, releases.llmModelId)))
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, id)))
    .limit(1);
  return row;
}
export type ChatbotFull = NonNullable<Awaited<ReturnType<typeof findChatbotFull>>>;

/** A public chatbot by its link's hash. */
export async function findChatbotIdByHash(db: Executor, tenantId: number, hashId: string) {
  const [row] = await db
    .select({ id: chatbots.id })
    .from(chatbots)
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.hashId, hashId)))
    .limit(1);
  return row?.id;
}

export async function findCategoriesOf(db: Executor, tenantId: number, chatbotIds: number[]) {
  if (chatbotIds.length === 0) return [];
  return db
    .select({ chatbotId: chatbotCategories.chatbotId, id: categories.id, koName: categories.koName, enName: categories.enName })
    .from(chatbotCategories)
    .innerJoin(categories, and(eq(categories.tenantId, chatbotCategories.tenantId), eq(categories.id, chatbotCategories.categoryId)))
    .where(and(eq(chatbotCategories.tenantId, tenantId), inArray(chatbotCategories.chatbotId, chatbotIds)))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function findGroupsOf(db: Executor, tenantId: number, chatbotId: number) {
  return db
    .select({ id: memberGroups.id, koName: memberGroups.koName, enName: memberGroups.enName })
    .from(chatbotMemberGroups)
    .innerJoin(memberGroups, and(eq(memberGroups.tenantId, chatbotMemberGroups.tenantId), eq(memberGroups.id, chatbotMemberGroups.memberGroupId)))
    .where(and(eq(chatbotMemberGroups.tenantId, tenantId), eq(chatbotMemberGroups.chatbotId, chatbotId)))
    .orderBy(asc(memberGroups.id));
}

/** The groups a chatbot's latest publish request asked for (the creator's view while it waits or after a rejection). */
export async function findRequestedGroups(db: Executor, tenantId: number, chatbotId: number) {
  const [last] = await db
    .select({ ids: chatbotPublishRequests.memberGroupIds })
    .from(chatbotPublishRequests)
    .where(and(eq(chatbotPublishRequests.tenantId, tenantId), eq(chatbotPublishRequests.chatbotId, chatbotId)))
    .orderBy(desc(chatbotPublishRequests.id))
    .limit(1);
  return findGroupsByIds(db, tenantId, last?.ids ?? []);
}

export async function findGroupsByIds(db: Executor, tenantId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: memberGroups.id, koName: memberGroups.koName, enName: memberGroups.enName })
    .from(memberGroups)
    .where(and(eq(memberGroups.tenantId, tenantId), inArray(memberGroups.id, ids)))
    .orderBy(asc(memberGroups.id));
}

export async function countCategories(db: Executor, tenantId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), inArray(categories.id, ids)));
  return row?.n ?? 0;
}

export async function insertChatbot(db: Executor, tenantId: number, values: Omit<typeof chatbots.$inferInsert, 'tenantId' | 'id'>) {
  const [row] = await db.insert(chatbots).values({ ...values, tenantId }).returning();
  return row!;
}

export async function updateChatbot(db: Executor, tenantId: number, id: number, values: Partial<Omit<typeof chatbots.$inferInsert, 'tenantId' | 'id'>>) {
  const [row] = await db
    .update(chatbots)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, id)))
    .returning();
  return row;
}

export async function replaceCategories(db: Executor, tenantId: number, chatbotId: number, categoryIds: number[]) {
  await db.delete(chatbotCategories).where(and(eq(chatbotCategories.tenantId, tenantId), eq(chatbotCategories.chatbotId, chatbotId)));
  if (categoryIds.length > 0) await db.insert(chatbotCategories).values(categoryIds.map((categoryId) => ({ tenantId, chatbotId, categoryId })));
}

export async function replaceGroups(db: Executor, tenantId: number, chatbotId: number, groupIds: number[]) {
  await db.delete(chatbotMemberGroups).where(and(eq(chatbotMemberGroups.tenantId, tenantId), eq(chatbotMemberGroups.chatbotId, chatbotId)));
  if (groupIds.length > 0) await db.insert(chatbotMemberGroups).values(groupIds.map((memberGroupId) => ({ tenantId, chatbotId, memberGroupId })));
}

export async function upsertRelease(db: Executor, tenantId: number, values: Omit<typeof chatbotReleases.$inferInsert, 'tenantId'>) {
  await db
    .insert(chatbotReleases)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({ target: [chatbotReleases.tenantId, chatbotReleases.chatbotId], set: { ...values, releasedAt: new Date() } });
}

export async function deleteRelease(db: Executor, tenantId: number, chatbotId: number) {
  await db.delete(chatbotReleases).where(and(eq(chatbotReleases.tenantId, tenantId), eq(chatbotReleases.chatbotId, chatbotId)));
}

export async function touchRelation(db: Executor, tenantId: number, memberId: number, chatbotId: number) {
  await db
    .insert(chatbotRelations)
    .values({ tenantId, memberId, chatbotId })
    .onConflictDoUpdate({ target: [chatbotRelations.tenantId, chatbotRelations.memberId, chatbotRelations.chatbotId], set: { usedAt: new Date() } });
}

export async function deleteRelation(db: Executor, tenantId: number, memberId: number, chatbotId: number) {
  await db
    .delete(chatbotRelations)
    .where(and(eq(chatbotRelations.tenantId, tenantId), eq(chatbotRelations.memberId, memberId), eq(chatbotRelations.chatbotId, chatbotId)));
}

export async function insertImage(db: Executor, tenantId: number, values: { hashId: string; chatbotId: number; contentType: string; bytes: Buffer }) {
  await db.insert(chatbotImages).values({ ...values, tenantId });
}

/** An image by its hash, any tenant's: the caller reads it with the owner's connection (hashes are unguessable and global). */
export async function findImageByHash(db: Executor, hashId: string) {
  const [row] = await db
    .select({ contentType: chatbotImages.contentType, bytes: chatbotImages.bytes })
    .from(chatbotImages)
    .where(eq(chatbotImages.hashId, hashId))
    .limit(1);
  return row;
}

const documentColumns = {
  id: chatbotDocuments.id,
  name: chatbotDocuments.name,
  contentType: chatbotDocuments.contentType,
  size: chatbotDocuments.size,
  createdAt: chatbotDocuments.createdAt,
  fileId: chatbotDocuments.fileId,
  status: files.status,
  pageCount: files.pageCount,
  note: files.note,
};
type DocumentBase = Pick<typeof chatbotDocuments.$inferSelect, 'id' | 'name' | 'contentType' | 'size' | 'createdAt' | 'fileId'>;
export type DocumentRow = DocumentBase & { status: string | null; pageCount: number | null; note: string | null };

export function listDocuments(db: Executor, tenantId: number, chatbotId: number): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(chatbotDocuments)
    .leftJoin(files, and(eq(files.tenantId, chatbotDocuments.tenantId), eq(files.id, chatbotDocuments.fileId)))
    .where(and(eq(chatbotDocuments.tenantId, tenantId), eq(chatbotDocuments.chatbotId, chatbotId)))
    .orderBy(asc(chatbotDocuments.id));
}

export async function insertDocuments(db: Executor, tenantId: number, chatbotId: number, docs: Array<{ name: string; contentType: string; size: number; fileId: number }>) {
  if (docs.length === 0) return;
  await db.insert(chatbotDocuments).values(docs.map((d) => ({ tenantId, chatbotId, name: d.name, contentType: d.contentType, size: d.size, fileId: d.fileId })));
}

/** Deletes the document row: false when there was none; else its file (to delete with its chunks), if any. */
export async function deleteDocument(db: Executor, tenantId: number, chatbotId: number, id: number): Promise<false | { fileId: number | null }> {
  const rows = await db
    .delete(chatbotDocuments)
    .where(and(eq(chatbotDocuments.tenantId, tenantId), eq(chatbotDocuments.chatbotId, chatbotId), eq(chatbotDocuments.id, id)))
    .returning({ fileId: chatbotDocuments.fileId });
  return rows[0] ?? false;
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
  tools: chatbots.tools,
  maxToolSteps: chatbots.maxToolSteps,
};

/**
 * A chatbot and its model as a chat needs them, with its approved version and groups (another
 * member's chat and a visitor's use those), in one statement.
 */
export async function findChatbotForChat(db: Executor, tenantId: number, id: number) {
  const [row] = await db
    .select({
      chatbot: chatColumns,
      model: modelColumns,
      release: { systemInstructions: releases.systemInstructions, temperature: releases.temperature, topP: releases.topP, llmModelId: releases.llmModelId, tools: releases.tools, maxToolSteps: releases.maxToolSteps },
      releaseModel: releaseModelColumns,
      groupIds: groupIdsOfChatbot,
    })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .leftJoin(releases, and(eq(releases.tenantId, chatbots.tenantId), eq(releases.chatbotId, chatbots.id)))
    .leftJoin(releaseModels, and(eq(releaseModels.tenantId, releases.tenantId), eq(releaseModels.id, releases.llmModelId)))
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, id)))
    .limit(1);
  return row;
}

/**
 * Counts answers of a tenant's chatbots (message and token counts, this month's too, last chat): the
 * chatbots' share of an answer's close, run with the others' (`rawMany`).
 */
export function countAnswersCall(tenantId: number, counts: Array<{ id: number; n: number; t: number }>): StatementCall {
  return { statement: COUNT_ANSWERS_SQL, params: [tenantId, JSON.stringify(counts)] };
}
const COUNT_ANSWERS_SQL = statement(
  'chatbots_count_answers',
  `update chatbots c set message_count = c.message_count + v.n, token_count = c.token_count + v.t,
    month_message_count = case when c.month_key = m.k then c.month_message_count + v.n else v.n end,
    month_token_count = case when c.month_key = m.k then c.month_token_count + v.t else v.t end,
    month_key = m.k, last_chat_at = now()
  from (select id, sum(n)::int as n, sum(t)::bigint as t from json_to_recordset($2::json) as r(id int, n int, t bigint) group by id) v,
    (select to_char(now() at time zone 'UTC', 'YYYYMM')::int as k) m
  where c.tenant_id = $1 and c.id = v.id`,
);

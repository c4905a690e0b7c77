import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { documentChunks, filePageUsage, files, fileTexts } from '../../db/schema/files';

export type FileRow = typeof files.$inferSelect;
export type NewFile = Omit<typeof files.$inferInsert, 'tenantId' | 'id'>;

export async function insertFile(db: Executor, tenantId: number, values: NewFile): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function findFile(db: Executor, tenantId: number, id: number): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)));
  return row;
}

export async function findFiles(db: Executor, tenantId: number, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return await db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids)));
}

export async function updateFile(db: Executor, tenantId: number, id: number, values: Partial<Pick<FileRow, 'status' | 'pageCount' | 'parsedPages' | 'note'>>) {
  if (Object.values(values).every((v) => v === undefined)) return;
  await db
    .update(files)
    .set(values)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)));
}

/** Deletes the row (its text and chunks go with it); the storage key to remove, if it was there. */
export async function deleteFile(db: Executor, tenantId: number, id: number): Promise<string | null> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)))
    .returning({ key: files.storageKey });
  return row?.key ?? null;
}

export async function saveText(db: Executor, tenantId: number, fileId: number, text: string) {
  await db
    .insert(fileTexts)
    .values({ tenantId, fileId, text })
    .onConflictDoUpdate({ target: [fileTexts.tenantId, fileTexts.fileId], set: { text } });
}

export async function textsOf(db: Executor, tenantId: number, fileIds: number[]): Promise<Map<number, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ fileId: fileTexts.fileId, text: fileTexts.text })
    .from(fileTexts)
    .where(and(eq(fileTexts.tenantId, tenantId), inArray(fileTexts.fileId, fileIds)));
  return new Map(rows.map((r) => [r.fileId, r.text]));
}

export async function insertChunks(db: Executor, tenantId: number, chatbotId: number, fileId: number, chunks: Array<{ heading: string; body: string }>) {
  await db.delete(documentChunks).where(and(eq(documentChunks.tenantId, tenantId), eq(documentChunks.fileId, fileId)));
  for (let i = 0; i < chunks.length; i += 500) {
    await db.insert(documentChunks).values(chunks.slice(i, i + 500).map((c, j) => ({ tenantId, chatbotId, fileId, ord: i + j, heading: c.heading, body: c.body })));
  }
}

/** Pages the member uploaded on `day` (UTC), after adding `pages` when they fit under `limit`. */
export async function takePages(db: Executor, tenantId: number, memberId: number, day: string, pages: number, limit: number): Promise<{ ok: boolean; used: number }> {
  const [row] = await queryRows<{ pages: number }>(
    db,
    sql`insert into file_page_usage as u (tenant_id, member_id, day, pages) values (${tenantId}, ${memberId}, ${day}, ${pages})
      on conflict (tenant_id, member_id, day) do update set pages = u.pages + excluded.pages where u.pages + excluded.pages <= ${limit}
      returning pages`,
  );
  if (row && row.pages <= limit) return { ok: true, used: row.pages };
  if (row) {
    // The first upload of the day alone is over the limit.
    await db.delete(filePageUsage).where(and(eq(filePageUsage.tenantId, tenantId), eq(filePageUsage.memberId, memberId), eq(filePageUsage.day, day)));
    return { ok: false, used: 0 };
  }
  const [cur] = await db
    .select({ pages: filePageUsage.pages })
    .from(filePageUsage)
    .where(and(eq(filePageUsage.tenantId, tenantId), eq(filePageUsage.memberId, memberId), eq(filePageUsage.day, day)));
  return { ok: false, used: cur?.pages ?? 0 };
}

/** Files of every tenant whose time is up (the expiry job; the owner's connection). */
export async function expiredFiles(owner: Executor, now: Date, limit: number): Promise<Array<{ tenantId: number; id: number }>> {
  return await owner
    .select({ tenantId: files.tenantId, id: files.id })
    .from(files)
    .where(and(eq(files.shouldExpire, true), lte(files.expiresAt, now)))
    .limit(limit);
}

/** Files whose parsing never finished (a restart): parsed again at start (the owner's connection). */
export async function unparsedFiles(owner: Executor): Promise<Array<{ tenantId: number; id: number }>> {
  return await owner
    .select({ tenantId: files.tenantId, id: files.id })
    .from(files)
    .where(inArray(files.status, ['queued', 'parsing']));
}

export interface ChunkHit {
  id: number;
  file_id: number;
  document_name: string;
  heading: string;
  chunk: string;
  score: number;
}

/**
 * The best chunks of a chatbot's documents for a question, in one statement: full-text search (the
 * `simple` tsvector against the question's words OR-ed, Korean words also by their first two
 * syllables) finds up to 40 candidates through the GIN index; they are ranked twice — by
 * `ts_rank` and by trigram similarity to the whole question (catches spelling variants and
 * Korean particles) — and the two ranks are fused by reciprocal rank (k = 60). Trigram *search*
 * (`<%` over every chunk) was measured at ~0.4 ms per chunk and dropped (decision 034).
 */
export async function searchChunks(db: Executor, tenantId: number, chatbotId: number, tsquery: string, question: string, k: number): Promise<ChunkHit[]> {
  if (tsquery === '') return [];
  return await queryRows<ChunkHit>(
    db,
    sql`with q as (select to_tsquery('simple', ${tsquery}) as q),
      fts as (
        select c.id, c.file_id, c.heading, c.body, ts_rank(c.search, q.q) as rank
        from document_chunks c, q
        where c.tenant_id = ${tenantId} and c.chatbot_id = ${chatbotId} and c.search @@ q.q
        order by rank desc limit 40
      ),
      ranked as (
        select id, file_id, heading, body,
          row_number() over (order by rank desc, id) as r1,
          row_number() over (order by similarity(body, ${question}) desc, id) as r2
        from fts
      )
      select r.id, r.file_id, f.name as document_name, r.heading, r.body as chunk,
        round(((1.0 / (60 + r.r1) + 1.0 / (60 + r.r2)) * 30.5)::numeric, 4)::float8 as score
      from ranked r
      join files f on f.tenant_id = ${tenantId} and f.id = r.file_id
      order by score desc, r.id
      limit ${k}`,
  );
}

/** Stores the chunks' vectors of a file (by their order), `model` naming the embeddings model. */
export async function saveEmbeddings(db: Executor, tenantId: number, fileId: number, vectors: number[][], model: string) {
  for (let i = 0; i < vectors.length; i += 100) {
    const rows = JSON.stringify(vectors.slice(i, i + 100).map((e, j) => ({ ord: i + j, e })));
    await db.execute(
      sql`update document_chunks c
        set embedding = array(select jsonb_array_elements_text(v.e)::real), embedding_model = ${model}
        from jsonb_to_recordset(${rows}::jsonb) as v(ord int, e jsonb)
        where c.tenant_id = ${tenantId} and c.file_id = ${fileId} and c.ord = v.ord`,
    );
  }
}

/** Which of a chatbot's chunks have vectors of `model`: their count and newest id (changes whenever they do). */
export async function embeddingVersion(db: Executor, tenantId: number, chatbotId: number, model: string): Promise<string> {
  const [row] = await queryRows<{ n: number; m: number }>(
    db,
    sql`select count(*)::int as n, coalesce(max(id), 0)::int as m from document_chunks
      where tenant_id = ${tenantId} and chatbot_id = ${chatbotId} and embedding_model = ${model}`,
  );
  return `${row?.n ?? 0}:${row?.m ?? 0}`;
}

/** A chatbot's chunk vectors of `model`. */
export async function loadEmbeddings(db: Executor, tenantId: number, chatbotId: number, model: string): Promise<Array<{ id: number; embedding: number[] | null }>> {
  return await db
    .select({ id: documentChunks.id, embedding: documentChunks.embedding })
    .from(documentChunks)
    .where(and(eq(documentChunks.tenantId, tenantId), eq(documentChunks.chatbotId, chatbotId), eq(documentChunks.embeddingModel, model)));
}

/** Chunks by id with their document's name (vector hits the full-text search did not find). */
export async function chunksByIds(db: Executor, tenantId: number, ids: number[]): Promise<Array<Omit<ChunkHit, 'score'>>> {
  if (ids.length === 0) return [];
  return await queryRows<Omit<ChunkHit, 'score'>>(
    db,
    sql`select c.id, c.file_id, f.name as document_name, c.heading, c.body as chunk
      from document_chunks c join files f on f.tenant_id = c.tenant_id and f.id = c.file_id
      where c.tenant_id = ${tenantId} and c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
}

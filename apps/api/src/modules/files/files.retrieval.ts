import type { Readable } from 'node:stream';
import type { FileInfo, FileProgress } from '@app/contracts/files';
import { withTenant } from '../../db/tenant-scope';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { questionQuery } from './chunk';
import { type FilesCore, readBytes, urlOf, verify } from './files.core';
import type { FilesState } from './files.queue';
import { type ChunkHit, findFile, findFiles, searchChunks, textsOf } from './files.repo';
import { isImage } from './parse';
import { VECTOR_CANDIDATES } from './vectors';

/** What a chat gets for its `file_ids`: text for the prompt, images for vision models. */
export type ChatFilePart =
  | { type: 'text'; file_id: number; name: string; text: string; status: 'parsed' | 'partial' | 'no_text'; note: string | null }
  | { type: 'image'; file_id: number; name: string; media_type: string; data: Buffer };
export interface ChatFiles {
  /** For the history message (spec §3: id, url, type, name). */
  files: Array<{ id: number; url: string; type: string; name: string }>;
  parts: ChatFilePart[];
}

/** A retrieved piece of a chatbot's knowledge (the chat's `source` event). */
export interface RetrievedChunk {
  file_id: number;
  document_name: string;
  heading: string;
  chunk: string;
  score: number;
}

/** The bytes of the member's own files (a tool's input, decision 050): 404 for one that is not theirs. */
export async function readOwn(core: FilesCore, ctx: MemberContext, ids: number[]): Promise<Array<{ name: string; data: Uint8Array }>> {
  const rows = await findFiles(core.db, ctx.tenantId, [...new Set(ids)]);
  const out: Array<{ name: string; data: Uint8Array }> = [];
  for (const id of new Set(ids)) {
    const r = rows.find((x) => x.id === id);
    if (!r || r.memberId !== ctx.member.id) throw new AppError('file_not_found');
    out.push({ name: r.name, data: await readBytes(core, r.storageKey) });
  }
  return out;
}

export async function progress(core: FilesCore, ctx: MemberContext, ids: number[]): Promise<FileProgress> {
  const rows = (await findFiles(core.db, ctx.tenantId, [...new Set(ids)].slice(0, 100))).filter((r) => r.memberId === ctx.member.id);
  return {
    items: rows.map((r) => ({
      id: r.id,
      status: r.status as FileInfo['status'],
      progress: r.status === 'queued' ? 0 : r.status === 'parsing' ? Math.min(99, Math.floor((r.parsedPages / Math.max(1, r.pageCount)) * 100)) : 100,
      page_count: r.pageCount,
      parsed_pages: r.parsedPages,
      note: r.note,
    })),
  };
}

/** The bytes behind a signed link (tenantless: the link names the tenant and is signed). */
export async function openByToken(core: FilesCore, token: string): Promise<{ stream: Readable; contentType: string; name: string; size: number }> {
  const { tenantId, id } = verify(core, token);
  const row = await withTenant(tenantId, async () => await findFile(core.db, tenantId, id));
  if (!row) throw new AppError('file_not_found');
  return { stream: await core.storage.get(row.storageKey), contentType: row.contentType, name: row.name, size: row.size };
}

/**
 * For the chat (issue 25 item 4): the member's files of a message, parsed (waits for parsing
 * still running): documents as text parts, images as image parts with their bytes. 422 past
 * the count, 404 for a file that is not the member's, 400 for one that could not be read.
 */
export async function filesForChat(core: FilesState, ctx: MemberContext, fileIds: number[]): Promise<ChatFiles> {
  const { db, limits } = core;
  const ids = [...new Set(fileIds)];
  if (ids.length > limits.maxFilesPerMessage) throw new AppError('too_many_files', `At most ${limits.maxFilesPerMessage} files`, { max: limits.maxFilesPerMessage });
  await Promise.all(ids.map((id) => core.queue.parsed(ctx.tenantId, id)));
  const rows = await findFiles(db, ctx.tenantId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const texts = await textsOf(db, ctx.tenantId, ids);
  const out: ChatFiles = { files: [], parts: [] };
  for (const id of ids) {
    const r = byId.get(id);
    if (!r || r.memberId !== ctx.member.id) throw new AppError('file_not_found');
    if (r.status === 'failed') throw new AppError('file_corrupted', `${r.name}: ${r.note ?? 'could not be read'}`);
    out.files.push({ id: r.id, url: urlOf(core, r), type: r.contentType, name: r.name });
    if (isImage(r.kind)) {
      out.parts.push({ type: 'image', file_id: r.id, name: r.name, media_type: r.contentType, data: await readBytes(core, r.storageKey) });
    } else {
      out.parts.push({ type: 'text', file_id: r.id, name: r.name, text: texts.get(r.id) ?? '', status: r.status as 'parsed' | 'partial' | 'no_text', note: r.note });
    }
  }
  return out;
}

/** The chatbot's best `k` knowledge chunks for the question (full text + trigram, and vectors with an embeddings model, fused). */
export async function retrieve(core: FilesCore, ctx: TenantContext, chatbotId: number, question: string, k = 5): Promise<RetrievedChunk[]> {
  const { db, vectors } = core;
  const q = question.trim().slice(0, 1000);
  if (!q) return [];
  const kk = Math.min(Math.max(1, k), 20);
  let hits: ChunkHit[];
  if (vectors) {
    const [fullText, nearest] = await Promise.all([
      searchChunks(db, ctx.tenantId, chatbotId, questionQuery(q), q, VECTOR_CANDIDATES),
      vectors.nearest(db, ctx.tenantId, chatbotId, q),
    ]);
    hits = nearest.length > 0 ? await vectors.fuse(db, ctx.tenantId, fullText, nearest, kk) : fullText.slice(0, kk);
  } else {
    hits = await searchChunks(db, ctx.tenantId, chatbotId, questionQuery(q), q, kk);
  }
  return hits.map((h) => ({ file_id: h.file_id, document_name: h.document_name, heading: h.heading, chunk: h.chunk, score: Number(h.score) }));
}

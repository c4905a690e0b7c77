import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileInfo, FileProgress, FileSettings } from '@app/contracts/files';
import type { FileLimitsConfig, FileParsingConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Embedder } from '../../integrations/models/types';
import { withTenant } from '../../db/tenant-scope';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { IncomingFile } from '../../platform/multipart-files';
import { newHashId } from '../../platform/tokens';
import { chunkText, questionQuery } from './chunk';
import {
  type ChunkHit,
  deleteFile,
  expiredFiles,
  type FileRow,
  findFile,
  findFiles,
  insertChunks,
  insertFile,
  saveEmbeddings,
  saveText,
  searchChunks,
  takePages,
  textsOf,
  unparsedFiles,
  updateFile,
} from './files.repo';
import { FILE_KINDS, type FileKind, isImage } from './parse';
import { createParserPool, DEFAULT_FILE_PARSING } from './parser-pool';
import type { FileStorage } from '../../integrations/storage/types';
import { createVectorIndex, VECTOR_CANDIDATES } from './vectors';


export const DEFAULT_FILE_LIMITS: FileLimitsConfig = { maxMb: 50, maxPages: 300, maxFilesPerMessage: 5, pagesPerDay: 1000, expireHours: 24 };

export type { IncomingFile };

export interface IngestOptions {
  purpose: 'attachment' | 'document';
  chatbotId?: number | null;
  sessionId?: string | null;
  attachedFileIds?: number[];
  shouldExpire: boolean;
  accessLevel: 'public' | 'private';
  /** A smaller limit than the platform's (knowledge documents). */
  maxBytes?: number;
}

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

class SizeGuard extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (this.size > this.max) return done(new AppError('file_too_large'));
    if (this.head.length < 8192) this.head = Buffer.concat([this.head, chunk.subarray(0, 8192 - this.head.length)]);
    done(null, chunk);
  }
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** An image's kind by its first bytes (what image models answer: PNG, JPEG, WebP, GIF), or null. */
/**
 * A tool's file (decision 050: a chart, a table): an image by its magic number, else CSV, Markdown
 * or plain text when the bytes are UTF-8 without NUL and the name's extension says which; nothing else.
 */
function generatedKindOf(b: Uint8Array, name: string): FileKind | null {
  const image = imageKindOf(b);
  if (image) return image;
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  const kind = (['csv', 'markdown', 'text'] as const).find((k) => (FILE_KINDS[k].extensions as readonly string[]).includes(ext));
  if (!kind || b.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return null;
  }
  return kind;
}

function imageKindOf(b: Uint8Array): FileKind | null {
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  return null;
}

/**
 * Files (decision 034): uploads stream to a temporary file (the size limit counted on the way),
 * are checked by their bytes (type, pages, damage) and the member's daily pages, then stream to
 * the storage; parsing runs after the answer, one file at a time per process, its progress in the
 * row. Knowledge documents are also cut into chunks for retrieval.
 */
export function createFilesService(
  db: Db,
  opts: {
    owner: Db;
    storage: FileStorage;
    tmpDir: string;
    limits?: Partial<FileLimitsConfig>;
    /** The parser threads and the caps checked before a file is inflated (decision 045). */
    parsing?: Partial<FileParsingConfig>;
    secret: string;
    log: (line: string) => void;
    now?: () => Date;
    /** The embeddings model (EMBEDDING_MODEL): knowledge chunks get vectors, fused with full-text search. */
    embedder?: Embedder | null;
    /** How long a chatbot's vectors are used before their version is read again (ms; default 5 s). */
    vectorRecheckMs?: number;
  },
) {
  const vectors = opts.embedder ? createVectorIndex(opts.embedder, opts.log, opts.vectorRecheckMs) : null;
  const limits: FileLimitsConfig = { ...DEFAULT_FILE_LIMITS, ...opts.limits };
  const maxBytes = Math.round(limits.maxMb * 1024 * 1024);
  const now = opts.now ?? (() => new Date());
  const parser = createParserPool({ ...DEFAULT_FILE_PARSING, ...opts.parsing }, opts.log);

  // --- signed links -------------------------------------------------------------------------
  const sign = (tenantId: number, id: number, exp: number) => createHmac('sha256', opts.secret).update(`file:${tenantId}:${id}:${exp}`).digest('base64url').slice(0, 32);
  function urlOf(f: FileRow): string {
    // A public file's link lives as long as the file (a shared session shows it; 0: no expiry), so
    // it is the same link every time; a private file's link lasts an hour (rounded to the hour).
    const hour = 3600;
    const exp = f.accessLevel === 'public' ? (f.expiresAt ? Math.ceil(f.expiresAt.getTime() / 1000) : 0) : Math.ceil((now().getTime() / 1000 + hour) / hour) * hour;
    return `/api/public/files/${f.tenantId}.${f.id}.${exp}.${sign(f.tenantId, f.id, exp)}/`;
  }
  function verify(token: string): { tenantId: number; id: number } {
    const [t, i, e, sig] = token.split('.');
    const tenantId = Number(t);
    const id = Number(i);
    const exp = Number(e);
    if (!sig || !Number.isSafeInteger(tenantId) || !Number.isSafeInteger(id) || !Number.isSafeInteger(exp)) throw new AppError('file_not_found');
    const want = Buffer.from(sign(tenantId, id, exp));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got) || (exp !== 0 && exp * 1000 < now().getTime())) throw new AppError('file_not_found');
    return { tenantId, id };
  }

  const toInfo = (f: FileRow): FileInfo => ({
    id: f.id,
    name: f.name,
    type: f.contentType,
    kind: f.kind,
    size: f.size,
    url: urlOf(f),
    access_level: f.accessLevel === 'private' ? 'private' : 'public',
    should_expire: f.shouldExpire,
    expires_at: f.expiresAt?.toISOString() ?? null,
    status: f.status as FileInfo['status'],
    page_count: f.pageCount,
    parsed_pages: f.parsedPages,
    note: f.note,
    chatbot_id: f.chatbotId,
    session_id: f.sessionId,
    attached_file_ids: f.attachedFileIds,
    created_at: f.createdAt.toISOString(),
  });

  /** The member's own file, or 404 (another tenant's) / 403 (another member's). */
  async function own(ctx: MemberContext, id: number): Promise<FileRow> {
    const row = await findFile(db, ctx.tenantId, id);
    if (!row) throw new AppError('file_not_found');
    if (row.memberId !== ctx.member.id) throw new AppError('forbidden');
    return row;
  }

  // --- parsing queue --------------------------------------------------------------------------
  const queue: Array<{ tenantId: number; id: number }> = [];
  const pending = new Map<string, Array<() => void>>();
  let draining: Promise<void> | null = null;
  let stopped = false;

  async function parseOne(tenantId: number, id: number): Promise<void> {
    const row = await findFile(db, tenantId, id);
    if (!row) return;
    await updateFile(db, tenantId, id, { status: 'parsing' });
    // Progress for GET /files/progress, written in order and before the final row.
    let progress = Promise.resolve();
    const onProgress = (done: number, total: number) => {
      progress = progress.then(() => updateFile(db, tenantId, id, { parsedPages: done, pageCount: total })).catch((err: Error) => opts.log(`file ${tenantId}/${id}: progress: ${err.message}`));
    };
    try {
      const stream = await opts.storage.get(row.storageKey);
      // The bytes move to a parser thread: one buffer of their own, not copied again.
      const bytes = new Uint8Array(row.size);
      let at = 0;
      for await (const c of stream) {
        const chunk = c as Buffer;
        if (at + chunk.length > bytes.length) throw new Error('the stored file is larger than its row says');
        bytes.set(chunk, at);
        at += chunk.length;
      }
      const result = await parser.parse(row.kind as FileKind, at === bytes.length ? bytes : bytes.subarray(0, at), onProgress);
      await progress;
      if (!result.ok) {
        await updateFile(db, tenantId, id, { status: 'failed', note: result.message });
        return;
      }
      const parsed = result.parsed;
      if (parsed.text) await saveText(db, tenantId, id, parsed.text);
      if (row.purpose === 'document' && row.chatbotId !== null) {
        const chunks = chunkText(parsed.text);
        await insertChunks(db, tenantId, row.chatbotId, id, chunks);
        // Vectors are an addition: a failing embeddings model leaves the document searchable by its words.
        if (vectors && chunks.length > 0) {
          await vectors
            .embedChunks(chunks)
            .then((v) => saveEmbeddings(db, tenantId, id, v, opts.embedder!.model))
            .catch((err: Error) => opts.log(`file ${tenantId}/${id}: embedding failed (full-text search only): ${err.message}`));
        }
      }
      await updateFile(db, tenantId, id, { status: parsed.status, pageCount: parsed.pageCount, parsedPages: parsed.parsedPages, note: parsed.note });
    } catch (err) {
      // Shutting down: the row stays queued for the next start.
      if (parser.closed) return;
      opts.log(`file ${tenantId}/${id}: parsing failed: ${(err as Error).message}`);
      await updateFile(db, tenantId, id, { status: 'failed', note: 'The file could not be read' });
    }
  }

  /** Files queued or being parsed, by `tenant:id`. */
  const active = new Set<string>();

  async function drain(): Promise<void> {
    for (let next = queue.shift(); next && !stopped; next = queue.shift()) {
      const { tenantId, id } = next;
      await withTenant(tenantId, () => parseOne(tenantId, id)).catch((err: Error) => opts.log(`file ${tenantId}/${id}: ${err.message}`));
      const key = `${tenantId}:${id}`;
      active.delete(key);
      for (const resolve of pending.get(key) ?? []) resolve();
      pending.delete(key);
    }
  }
  function kick() {
    if (draining || stopped || queue.length === 0) return;
    draining = drain().finally(() => {
      draining = null;
      kick();
    });
  }
  function enqueue(tenantId: number, id: number) {
    const key = `${tenantId}:${id}`;
    if (active.has(key)) return;
    active.add(key);
    queue.push({ tenantId, id });
    kick();
  }
  /** Resolves when the file's parsing has ended (at once if it is not queued here). */
  function parsed(tenantId: number, id: number): Promise<void> {
    const key = `${tenantId}:${id}`;
    if (!active.has(key)) return Promise.resolve();
    return new Promise((resolve) => pending.set(key, [...(pending.get(key) ?? []), resolve]));
  }

  // --- expiry ---------------------------------------------------------------------------------
  let expiryTimer: NodeJS.Timeout | null = null;

  async function discard(tenantId: number, id: number): Promise<void> {
    const key = await withTenant(tenantId, async () => await deleteFile(db, tenantId, id));
    if (key) await opts.storage.remove(key).catch((err: Error) => opts.log(`file ${tenantId}/${id}: storage removal failed: ${err.message}`));
  }

  /** Stores generated bytes of a known kind as a private file of the session. */
  async function saveAs(ctx: MemberContext, image: { data: Uint8Array; name: string; sessionHash: string }, kind: FileKind): Promise<FileInfo> {
    if (image.data.length > maxBytes) throw new AppError('file_too_large');
    const key = `t${ctx.tenantId}/m${ctx.member.id}/${newHashId(24)}`;
    const mime = FILE_KINDS[kind].mime;
    await opts.storage.put(key, Readable.from([Buffer.from(image.data)]), mime);
    const row = await insertFile(db, ctx.tenantId, {
      memberId: ctx.member.id,
      purpose: 'generated',
      sessionId: image.sessionHash,
      name: `${image.name.slice(0, 200)}.${FILE_KINDS[kind].extensions[0]}`,
      contentType: mime,
      kind,
      size: image.data.length,
      storageKey: key,
      accessLevel: 'private',
      shouldExpire: false,
      expiresAt: null,
      status: 'parsed',
      pageCount: 1,
      parsedPages: 1,
    });
    return toInfo(row);
  }

  const service = {
    limits,

    settings(): FileSettings {
      const types = (Object.keys(FILE_KINDS) as FileKind[]).map((kind) => ({ kind, mime: FILE_KINDS[kind].mime, extensions: [...FILE_KINDS[kind].extensions], image: isImage(kind) }));
      return {
        types,
        accept: [...new Set(types.flatMap((t) => [t.mime, ...t.extensions.map((e) => `.${e}`)]))].join(','),
        max_mb: limits.maxMb,
        max_pages: limits.maxPages,
        max_files_per_message: limits.maxFilesPerMessage,
        pages_per_day: limits.pagesPerDay,
        expire_hours: limits.expireHours,
      };
    },

    /**
     * One upload, streamed: to a temporary file under the size limit (413), checked by its bytes
     * (415 not a type taken, 400 damaged), its pages (413 past the most, 429 past the member's
     * day), then to the storage; parsing is queued. The row is returned at once.
     */
    async ingest(ctx: MemberContext, file: IncomingFile, o: IngestOptions): Promise<FileRow> {
      const max = Math.min(o.maxBytes ?? maxBytes, maxBytes);
      await mkdir(opts.tmpDir, { recursive: true });
      const tmp = path.join(opts.tmpDir, `${newHashId(16)}.upload`);
      const guard = new SizeGuard(max);
      const details = { max_mb: Math.round((max / 1024 / 1024) * 100) / 100, max_pages: limits.maxPages };
      try {
        try {
          await pipeline(file.stream, guard, createWriteStream(tmp));
        } catch (err) {
          if (err instanceof AppError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', `${file.filename} is larger than ${details.max_mb} MB`, details);
          throw new AppError('bad_request', 'The upload could not be read');
        }
        if (guard.size === 0) throw new AppError('bad_request', 'The file is empty');
        // Type, damage, caps and pages, read on a parser thread (decision 045).
        const inspected = await parser.inspect(tmp, file.filename, guard.head);
        if (!inspected.ok) {
          if (inspected.reason === 'unsupported') throw new AppError('unsupported_media_type', inspected.message, { types: service.settings().accept });
          if (inspected.reason === 'corrupted') throw new AppError('file_corrupted', inspected.message);
          throw new AppError('file_too_large', `${file.filename}: ${inspected.message}`, details);
        }
        const { kind, pages } = inspected;
        if (pages > limits.maxPages) throw new AppError('file_too_large', `${file.filename} has ${pages} pages; the most is ${limits.maxPages}`, { ...details, pages });
        const at = now();
        const taken = await takePages(db, ctx.tenantId, ctx.member.id, utcDay(at), pages, limits.pagesPerDay);
        if (!taken.ok) {
          const reset = new Date(`${utcDay(at)}T00:00:00Z`).getTime() + 86_400_000;
          throw new AppError('file_pages_exceeded', undefined, { pages_used: taken.used, pages: pages, limit: limits.pagesPerDay, reset_seconds: Math.ceil((reset - at.getTime()) / 1000), reset_at: new Date(reset).toISOString() });
        }
        const key = `t${ctx.tenantId}/m${ctx.member.id}/${newHashId(24)}`;
        await opts.storage.put(key, createReadStream(tmp), FILE_KINDS[kind].mime);
        const row = await insertFile(db, ctx.tenantId, {
          memberId: ctx.member.id,
          purpose: o.purpose,
          chatbotId: o.chatbotId ?? null,
          sessionId: o.sessionId ?? null,
          attachedFileIds: o.attachedFileIds ?? [],
          name: file.filename.slice(0, 255) || 'file',
          contentType: FILE_KINDS[kind].mime,
          kind,
          size: guard.size,
          storageKey: key,
          accessLevel: o.accessLevel,
          shouldExpire: o.shouldExpire,
          expiresAt: o.shouldExpire ? new Date(at.getTime() + limits.expireHours * 3_600_000) : null,
          status: isImage(kind) ? 'parsed' : 'queued',
          pageCount: pages,
          parsedPages: isImage(kind) ? 1 : 0,
        });
        if (!isImage(kind)) enqueue(ctx.tenantId, row.id);
        return row;
      } finally {
        file.stream.resume();
        await rm(tmp, { force: true });
      }
    },

    /**
     * An image an image model generated for a chat answer (issue 27 item 2): a private file of the
     * member's session that does not expire (the history keeps showing it), its type read from its
     * bytes. 415 for bytes that are no image the platform takes, 413 past the size limit.
     */
    async saveGenerated(ctx: MemberContext, image: { data: Uint8Array; name: string; sessionHash: string }): Promise<FileInfo> {
      const kind = imageKindOf(image.data);
      if (!kind) throw new AppError('unsupported_media_type', 'The generated image is of no type the platform takes');
      return saveAs(ctx, image, kind);
    },

    /**
     * A file a tool made (decision 050: the code interpreter's chart or CSV), kept as a file of the
     * session like a generated image: an image, CSV, Markdown or plain text only (`generatedKindOf`),
     * at most the upload size cap; the name keeps its stem, the extension is the kind's.
     */
    async saveToolFile(ctx: MemberContext, file: { data: Uint8Array; name: string; sessionHash: string }): Promise<FileInfo> {
      const kind = generatedKindOf(file.data, file.name);
      if (!kind) throw new AppError('unsupported_media_type', 'The tool made a file of no type the platform takes');
      return saveAs(ctx, { ...file, name: file.name.replace(/\.[a-z0-9]+$/i, '') || 'file' }, kind);
    },

    /** The bytes of the member's own files (a tool's input, decision 050): 404 for one that is not theirs. */
    async readOwn(ctx: MemberContext, ids: number[]): Promise<Array<{ name: string; data: Uint8Array }>> {
      const rows = await findFiles(db, ctx.tenantId, [...new Set(ids)]);
      const out: Array<{ name: string; data: Uint8Array }> = [];
      for (const id of new Set(ids)) {
        const r = rows.find((x) => x.id === id);
        if (!r || r.memberId !== ctx.member.id) throw new AppError('file_not_found');
        const chunks: Buffer[] = [];
        for await (const c of await opts.storage.get(r.storageKey)) chunks.push(c as Buffer);
        out.push({ name: r.name, data: Buffer.concat(chunks) });
      }
      return out;
    },

    /** `POST /files/`: each file of the upload; the count limit is the message's (spec §5). */
    async upload(ctx: MemberContext, incoming: AsyncIterable<IncomingFile>, o: Omit<IngestOptions, 'purpose'>): Promise<FileInfo[]> {
      const out: FileRow[] = [];
      try {
        for await (const f of incoming) {
          if (out.length >= limits.maxFilesPerMessage) {
            f.stream.resume();
            throw new AppError('too_many_files', `At most ${limits.maxFilesPerMessage} files`, { max: limits.maxFilesPerMessage });
          }
          out.push(await service.ingest(ctx, f, { ...o, purpose: 'attachment' }));
        }
      } catch (err) {
        // One bad file fails the upload: the ones before it go too.
        for (const r of out) await discard(ctx.tenantId, r.id);
        throw err;
      }
      if (out.length === 0) throw new AppError('bad_request', 'No file in the upload');
      return out.map(toInfo);
    },

    async get(ctx: MemberContext, id: number): Promise<FileInfo> {
      return toInfo(await own(ctx, id));
    },

    toInfo,

    async remove(ctx: MemberContext, id: number): Promise<void> {
      await own(ctx, id);
      await discard(ctx.tenantId, id);
    },

    /** A knowledge document's file (the chatbots module checked the chatbot is the member's). */
    discard: (ctx: TenantContext, id: number) => discard(ctx.tenantId, id),

    async progress(ctx: MemberContext, ids: number[]): Promise<FileProgress> {
      const rows = (await findFiles(db, ctx.tenantId, [...new Set(ids)].slice(0, 100))).filter((r) => r.memberId === ctx.member.id);
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
    },

    /** Files' rows by id for a tenant (the chatbots module's document list shows their status). */
    rows: (ctx: TenantContext, ids: number[]) => findFiles(db, ctx.tenantId, ids),

    /** The bytes behind a signed link (tenantless: the link names the tenant and is signed). */
    async openByToken(token: string): Promise<{ stream: Readable; contentType: string; name: string; size: number }> {
      const { tenantId, id } = verify(token);
      const row = await withTenant(tenantId, async () => await findFile(db, tenantId, id));
      if (!row) throw new AppError('file_not_found');
      return { stream: await opts.storage.get(row.storageKey), contentType: row.contentType, name: row.name, size: row.size };
    },

    /**
     * For the chat (issue 25 item 4): the member's files of a message, parsed (waits for parsing
     * still running): documents as text parts, images as image parts with their bytes. 422 past
     * the count, 404 for a file that is not the member's, 400 for one that could not be read.
     */
    async filesForChat(ctx: MemberContext, fileIds: number[]): Promise<ChatFiles> {
      const ids = [...new Set(fileIds)];
      if (ids.length > limits.maxFilesPerMessage) throw new AppError('too_many_files', `At most ${limits.maxFilesPerMessage} files`, { max: limits.maxFilesPerMessage });
      await Promise.all(ids.map((id) => parsed(ctx.tenantId, id)));
      const rows = await findFiles(db, ctx.tenantId, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const texts = await textsOf(db, ctx.tenantId, ids);
      const out: ChatFiles = { files: [], parts: [] };
      for (const id of ids) {
        const r = byId.get(id);
        if (!r || r.memberId !== ctx.member.id) throw new AppError('file_not_found');
        if (r.status === 'failed') throw new AppError('file_corrupted', `${r.name}: ${r.note ?? 'could not be read'}`);
        out.files.push({ id: r.id, url: urlOf(r), type: r.contentType, name: r.name });
        if (isImage(r.kind)) {
          const chunks: Buffer[] = [];
          for await (const c of await opts.storage.get(r.storageKey)) chunks.push(c as Buffer);
          out.parts.push({ type: 'image', file_id: r.id, name: r.name, media_type: r.contentType, data: Buffer.concat(chunks) });
        } else {
          out.parts.push({ type: 'text', file_id: r.id, name: r.name, text: texts.get(r.id) ?? '', status: r.status as 'parsed' | 'partial' | 'no_text', note: r.note });
        }
      }
      return out;
    },

    /** The chatbot's best `k` knowledge chunks for the question (full text + trigram, and vectors with an embeddings model, fused). */
    async retrieve(ctx: TenantContext, chatbotId: number, question: string, k = 5): Promise<RetrievedChunk[]> {
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
    },

    /** Knowledge document upload: stored, parsed and chunked for the chatbot (in the background). */
    ingestDocument(ctx: MemberContext, chatbotId: number, file: IncomingFile, maxBytesOfDocument: number) {
      return service.ingest(ctx, file, { purpose: 'document', chatbotId, shouldExpire: false, accessLevel: 'private', maxBytes: maxBytesOfDocument });
    },

    /** Deletes the expiring files whose time is up, with their text; returns how many. */
    async expire(at: Date = now()): Promise<number> {
      let n = 0;
      for (;;) {
        const batch = await expiredFiles(opts.owner, at, 200);
        for (const f of batch) await discard(f.tenantId, f.id);
        n += batch.length;
        if (batch.length < 200) return n;
      }
    },

    /** Resolves once every queued parse has ended (tests, shutdown). */
    async idle(): Promise<void> {
      while (draining) await draining;
    },

    async start(): Promise<void> {
      stopped = false;
      for (const f of await unparsedFiles(opts.owner)) enqueue(f.tenantId, f.id);
      expiryTimer = setInterval(() => void service.expire().catch((err: Error) => opts.log(`file expiry: ${err.message}`)), 10 * 60_000);
      expiryTimer.unref();
    },

    async stop(): Promise<void> {
      stopped = true;
      if (expiryTimer) clearInterval(expiryTimer);
      // The running parse is ended, not waited for (it may take up to its wall-time limit).
      await parser.close();
      while (draining) await draining;
    },
  };
  return service;
}

export type FilesService = ReturnType<typeof createFilesService>;

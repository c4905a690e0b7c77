import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileInfo, FileSettings } from '@app/contracts/files';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { IncomingFile } from '../../platform/multipart-files';
import { newHashId } from '../../platform/tokens';
import { discard, type FilesCore, toInfo } from './files.core';
import type { FilesState } from './files.queue';
import { type FileRow, insertFile, takePages } from './files.repo';
import { FILE_KINDS, type FileKind, isImage } from './parse';

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

/** An image's kind by its first bytes (what image models answer: PNG, JPEG, WebP, GIF), or null. */
function imageKindOf(b: Uint8Array): FileKind | null {
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  return null;
}

export function fileSettings(core: FilesCore): FileSettings {
  const { limits } = core;
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
}

/**
 * One upload, streamed: to a temporary file under the size limit (413), checked by its bytes
 * (415 not a type taken, 400 damaged), its pages (413 past the most, 429 past the member's
 * day), then to the storage; parsing is queued. The row is returned at once.
 */
export async function ingest(core: FilesState, ctx: MemberContext, file: IncomingFile, o: IngestOptions): Promise<FileRow> {
  const { db, limits } = core;
  const max = Math.min(o.maxBytes ?? core.maxBytes, core.maxBytes);
  await mkdir(core.tmpDir, { recursive: true });
  const tmp = path.join(core.tmpDir, `${newHashId(16)}.upload`);
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
    const inspected = await core.parser.inspect(tmp, file.filename, guard.head);
    if (!inspected.ok) {
      if (inspected.reason === 'unsupported') throw new AppError('unsupported_media_type', inspected.message, { types: fileSettings(core).accept });
      if (inspected.reason === 'corrupted') throw new AppError('file_corrupted', inspected.message);
      throw new AppError('file_too_large', `${file.filename}: ${inspected.message}`, details);
    }
    const { kind, pages } = inspected;
    if (pages > limits.maxPages) throw new AppError('file_too_large', `${file.filename} has ${pages} pages; the most is ${limits.maxPages}`, { ...details, pages });
    const at = core.now();
    const taken = await takePages(db, ctx.tenantId, ctx.member.id, utcDay(at), pages, limits.pagesPerDay);
    if (!taken.ok) {
      const reset = new Date(`${utcDay(at)}T00:00:00Z`).getTime() + 86_400_000;
      throw new AppError('file_pages_exceeded', undefined, { pages_used: taken.used, pages: pages, limit: limits.pagesPerDay, reset_seconds: Math.ceil((reset - at.getTime()) / 1000), reset_at: new Date(reset).toISOString() });
    }
    const key = `t${ctx.tenantId}/m${ctx.member.id}/${newHashId(24)}`;
    await core.storage.put(key, createReadStream(tmp), FILE_KINDS[kind].mime);
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
    if (!isImage(kind)) core.queue.enqueue(ctx.tenantId, row.id);
    return row;
  } finally {
    file.stream.resume();
    await rm(tmp, { force: true });
  }
}

/** `POST /files/`: each file of the upload; the count limit is the message's (spec §5). */
export async function upload(core: FilesState, ctx: MemberContext, incoming: AsyncIterable<IncomingFile>, o: Omit<IngestOptions, 'purpose'>): Promise<FileInfo[]> {
  const { limits } = core;
  const out: FileRow[] = [];
  try {
    for await (const f of incoming) {
      if (out.length >= limits.maxFilesPerMessage) {
        f.stream.resume();
        throw new AppError('too_many_files', `At most ${limits.maxFilesPerMessage} files`, { max: limits.maxFilesPerMessage });
      }
      out.push(await ingest(core, ctx, f, { ...o, purpose: 'attachment' }));
    }
  } catch (err) {
    // One bad file fails the upload: the ones before it go too.
    for (const r of out) await discard(core, ctx.tenantId, r.id);
    throw err;
  }
  if (out.length === 0) throw new AppError('bad_request', 'No file in the upload');
  return out.map((r) => toInfo(core, r));
}

/** Stores generated bytes of a known kind as a private file of the session. */
async function saveAs(core: FilesCore, ctx: MemberContext, image: { data: Uint8Array; name: string; sessionHash: string }, kind: FileKind): Promise<FileInfo> {
  if (image.data.length > core.maxBytes) throw new AppError('file_too_large');
  const key = `t${ctx.tenantId}/m${ctx.member.id}/${newHashId(24)}`;
  const mime = FILE_KINDS[kind].mime;
  await core.storage.put(key, Readable.from([Buffer.from(image.data)]), mime);
  const row = await insertFile(core.db, ctx.tenantId, {
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
  return toInfo(core, row);
}

/**
 * An image an image model generated for a chat answer (issue 27 item 2): a private file of the
 * member's session that does not expire (the history keeps showing it), its type read from its
 * bytes. 415 for bytes that are no image the platform takes, 413 past the size limit.
 */
export async function saveGenerated(core: FilesCore, ctx: MemberContext, image: { data: Uint8Array; name: string; sessionHash: string }): Promise<FileInfo> {
  const kind = imageKindOf(image.data);
  if (!kind) throw new AppError('unsupported_media_type', 'The generated image is of no type the platform takes');
  return saveAs(core, ctx, image, kind);
}

/**
 * A file a tool made (decision 050: the code interpreter's chart or CSV), kept as a file of the
 * session like a generated image: an image, CSV, Markdown or plain text only (`generatedKindOf`),
 * at most the upload size cap; the name keeps its stem, the extension is the kind's.
 */
export async function saveToolFile(core: FilesCore, ctx: MemberContext, file: { data: Uint8Array; name: string; sessionHash: string }): Promise<FileInfo> {
  const kind = generatedKindOf(file.data, file.name);
  if (!kind) throw new AppError('unsupported_media_type', 'The tool made a file of no type the platform takes');
  return saveAs(core, ctx, { ...file, name: file.name.replace(/\.[a-z0-9]+$/i, '') || 'file' }, kind);
}

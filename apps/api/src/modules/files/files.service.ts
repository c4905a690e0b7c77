import type { FileInfo, FileSettings } from '@app/contracts/files';
import type { FileLimitsConfig, FileParsingConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Embedder } from '../../integrations/models/types';
import type { FileStorage } from '../../integrations/storage/types';
import type { MemberContext, TenantContext } from '../../platform/context';
import type { IncomingFile } from '../../platform/multipart-files';
import { discard, type FilesCore, own, toInfo } from './files.core';
import type { FilesState } from './files.queue';
import { createParseQueue } from './files.queue';
import { expiredFiles, type FileRow, findFiles, unparsedFiles } from './files.repo';
import { type ChatFilePart, type ChatFiles, filesForChat, openByToken, progress, readOwn, type RetrievedChunk, retrieve } from './files.retrieval';
import { fileSettings, ingest, type IngestOptions, saveGenerated, saveToolFile, upload } from './files.uploads';
import { createParserPool, DEFAULT_FILE_PARSING } from './parser-pool';
import { createVectorIndex } from './vectors';

export const DEFAULT_FILE_LIMITS: FileLimitsConfig = { maxMb: 50, maxPages: 300, maxFilesPerMessage: 5, pagesPerDay: 1000, expireHours: 24 };

export type { ChatFilePart, ChatFiles, IncomingFile, IngestOptions, RetrievedChunk };

export interface FilesServiceDeps {
  db: Db;
  /** The owner's connection, for the tenantless sweeps (expiry, the parse queue at start). */
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
}

/** Deletes the expiring files whose time is up, with their text; returns how many. */
async function expire(core: FilesCore, at: Date = core.now()): Promise<number> {
  let n = 0;
  for (;;) {
    const batch = await expiredFiles(core.owner, at, 200);
    for (const f of batch) await discard(core, f.tenantId, f.id);
    n += batch.length;
    if (batch.length < 200) return n;
  }
}

function resolveCore(deps: FilesServiceDeps): FilesState {
  const limits: FileLimitsConfig = { ...DEFAULT_FILE_LIMITS, ...deps.limits };
  const core: FilesCore = {
    db: deps.db,
    owner: deps.owner,
    storage: deps.storage,
    tmpDir: deps.tmpDir,
    secret: deps.secret,
    log: deps.log,
    now: deps.now ?? (() => new Date()),
    limits,
    maxBytes: Math.round(limits.maxMb * 1024 * 1024),
    parser: createParserPool({ ...DEFAULT_FILE_PARSING, ...deps.parsing }, deps.log),
    vectors: deps.embedder ? createVectorIndex(deps.embedder, deps.log, deps.vectorRecheckMs) : null,
    embedder: deps.embedder ?? null,
  };
  return { ...core, queue: createParseQueue(core) };
}

/**
 * Files (decision 034): uploads stream to a temporary file (the size limit counted on the way),
 * are checked by their bytes (type, pages, damage) and the member's daily pages, then stream to
 * the storage; parsing runs after the answer, one file at a time per process, its progress in the
 * row. Knowledge documents are also cut into chunks for retrieval.
 */
export function createFilesService(deps: FilesServiceDeps) {
  const core = resolveCore(deps);
  const { queue } = core;
  let expiryTimer: NodeJS.Timeout | null = null;
  return {
    limits: core.limits,
    settings: (): FileSettings => fileSettings(core),
    ingest: (ctx: MemberContext, file: IncomingFile, o: IngestOptions) => ingest(core, ctx, file, o),
    saveGenerated: (ctx: MemberContext, image: { data: Uint8Array; name: string; sessionHash: string }) => saveGenerated(core, ctx, image),
    saveToolFile: (ctx: MemberContext, file: { data: Uint8Array; name: string; sessionHash: string }) => saveToolFile(core, ctx, file),
    readOwn: (ctx: MemberContext, ids: number[]) => readOwn(core, ctx, ids),
    upload: (ctx: MemberContext, incoming: AsyncIterable<IncomingFile>, o: Omit<IngestOptions, 'purpose'>) => upload(core, ctx, incoming, o),
    get: async (ctx: MemberContext, id: number): Promise<FileInfo> => toInfo(core, await own(core, ctx, id)),
    toInfo: (f: FileRow): FileInfo => toInfo(core, f),
    async remove(ctx: MemberContext, id: number): Promise<void> {
      await own(core, ctx, id);
      await discard(core, ctx.tenantId, id);
    },
    /** A knowledge document's file (the chatbots module checked the chatbot is the member's). */
    discard: (ctx: TenantContext, id: number) => discard(core, ctx.tenantId, id),
    progress: (ctx: MemberContext, ids: number[]) => progress(core, ctx, ids),
    /** Files' rows by id for a tenant (the chatbots module's document list shows their status). */
    rows: (ctx: TenantContext, ids: number[]) => findFiles(core.db, ctx.tenantId, ids),
    openByToken: (token: string) => openByToken(core, token),
    filesForChat: (ctx: MemberContext, fileIds: number[]) => filesForChat(core, ctx, fileIds),
    retrieve: (ctx: TenantContext, chatbotId: number, question: string, k?: number) => retrieve(core, ctx, chatbotId, question, k),
    /** Knowledge document upload: stored, parsed and chunked for the chatbot (in the background). */
    ingestDocument: (ctx: MemberContext, chatbotId: number, file: IncomingFile, maxBytesOfDocument: number) =>
      ingest(core, ctx, file, { purpose: 'document', chatbotId, shouldExpire: false, accessLevel: 'private', maxBytes: maxBytesOfDocument }),
    expire: (at?: Date) => expire(core, at),
    /** Resolves once every queued parse has ended (tests, shutdown). */
    idle: () => queue.idle(),
    async start(): Promise<void> {
      queue.resume();
      for (const f of await unparsedFiles(core.owner)) queue.enqueue(f.tenantId, f.id);
      expiryTimer = setInterval(() => void expire(core).catch((err: Error) => core.log(`file expiry: ${err.message}`)), 10 * 60_000);
      expiryTimer.unref();
    },
    async stop(): Promise<void> {
      queue.stop();
      if (expiryTimer) clearInterval(expiryTimer);
      // The running parse is ended, not waited for (it may take up to its wall-time limit).
      await core.parser.close();
      await queue.idle();
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

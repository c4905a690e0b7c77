import { withTenant } from '../../db/tenant-scope';
import { chunkText } from './chunk';
import type { FilesCore } from './files.core';
import { findFile, insertChunks, saveEmbeddings, saveText, updateFile } from './files.repo';
import type { FileKind } from './parse';

async function parseOne(core: FilesCore, tenantId: number, id: number): Promise<void> {
  const { db, log, parser, vectors } = core;
  const row = await findFile(db, tenantId, id);
  if (!row) return;
  await updateFile(db, tenantId, id, { status: 'parsing' });
  // Progress for GET /files/progress, written in order and before the final row.
  let progress = Promise.resolve();
  const onProgress = (done: number, total: number) => {
    progress = progress.then(() => updateFile(db, tenantId, id, { parsedPages: done, pageCount: total })).catch((err: Error) => log(`file ${tenantId}/${id}: progress: ${err.message}`));
  };
  try {
    const stream = await core.storage.get(row.storageKey);
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
          .then((v) => saveEmbeddings(db, tenantId, id, v, core.embedder!.model))
          .catch((err: Error) => log(`file ${tenantId}/${id}: embedding failed (full-text search only): ${err.message}`));
      }
    }
    await updateFile(db, tenantId, id, { status: parsed.status, pageCount: parsed.pageCount, parsedPages: parsed.parsedPages, note: parsed.note });
  } catch (err) {
    // Shutting down: the row stays queued for the next start.
    if (parser.closed) return;
    log(`file ${tenantId}/${id}: parsing failed: ${(err as Error).message}`);
    await updateFile(db, tenantId, id, { status: 'failed', note: 'The file could not be read' });
  }
}

/** The parsing queue: one file at a time per process, in the background. */
export function createParseQueue(core: FilesCore) {
  const queue: Array<{ tenantId: number; id: number }> = [];
  const pending = new Map<string, Array<() => void>>();
  /** Files queued or being parsed, by `tenant:id`. */
  const active = new Set<string>();
  let draining: Promise<void> | null = null;
  let stopped = false;

  async function drain(): Promise<void> {
    for (let next = queue.shift(); next && !stopped; next = queue.shift()) {
      const { tenantId, id } = next;
      await withTenant(tenantId, () => parseOne(core, tenantId, id)).catch((err: Error) => core.log(`file ${tenantId}/${id}: ${err.message}`));
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
  return {
    enqueue(tenantId: number, id: number) {
      const key = `${tenantId}:${id}`;
      if (active.has(key)) return;
      active.add(key);
      queue.push({ tenantId, id });
      kick();
    },
    /** Resolves when the file's parsing has ended (at once if it is not queued here). */
    parsed(tenantId: number, id: number): Promise<void> {
      const key = `${tenantId}:${id}`;
      if (!active.has(key)) return Promise.resolve();
      return new Promise((resolve) => pending.set(key, [...(pending.get(key) ?? []), resolve]));
    },
    /** Resolves once every queued parse has ended. */
    async idle(): Promise<void> {
      while (draining) await draining;
    },
    resume() {
      stopped = false;
    },
    stop() {
      stopped = true;
    },
  };
}
export type ParseQueue = ReturnType<typeof createParseQueue>;

/** The core with the parsing queue built on it. */
export interface FilesState extends FilesCore {
  queue: ParseQueue;
}

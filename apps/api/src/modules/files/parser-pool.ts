import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { FileParsingConfig } from '../../config';
import { AppError } from '../../platform/errors';
import type { ZipCaps } from './office-zip';
import type { FileKind } from './parse';
import type { InspectResult, ParseResult, ParseTask, Refusal } from './parse-tasks';

export const DEFAULT_FILE_PARSING: FileParsingConfig = {
  threads: 2,
  queue: 8,
  memoryMb: 512,
  timeoutSeconds: 60,
  maxEntryMb: 64,
  maxExpandedMb: 256,
  maxRows: 100_000,
  maxChars: 10_000_000,
};

/** An idle thread ends after this long: what its heap held goes back to the system. */
const IDLE_MS = 10_000;
const MB = 1024 * 1024;

/**
 * The parser threads (decision 045): detecting, measuring and parsing files runs on a bounded pool
 * of worker threads, each with a heap limit, and each task with a wall-time limit that ends its
 * thread. A thread that runs out of memory or time ends alone; the pool starts another, and the
 * file is refused as over what a file may use (413).
 */
export function createParserPool(config: FileParsingConfig, log: (line: string) => void) {
  const pool = new Piscina<ParseTask, InspectResult | ParseResult>({
    filename: new URL('./parse-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: config.threads,
    idleTimeout: IDLE_MS,
    // Not the API's own flags (heap sizes, --import tsx): the thread registers tsx itself.
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: config.memoryMb, maxYoungGenerationSizeMb: 32 },
  });
  // A thread that ends between tasks (no task to fail) is replaced; it must not end the process.
  pool.on('error', (err: Error) => log(`file parser thread: ${err.message}`));

  const caps: ZipCaps = {
    maxEntryBytes: Math.round(config.maxEntryMb * MB),
    maxExpandedBytes: Math.round(config.maxExpandedMb * MB),
    maxRows: config.maxRows,
    maxChars: config.maxChars,
  };
  let inspecting = 0;
  let closed = false;
  // Ends the running tasks at close: piscina's destroy() alone ends their threads without settling them.
  const closing = new AbortController();

  async function run<R extends InspectResult | ParseResult>(task: ParseTask, transferList: Transferable[] = []): Promise<R | Refusal> {
    try {
      // Piscina's transfer list is typed narrower than what a MessagePort and an ArrayBuffer are.
      const signal = AbortSignal.any([AbortSignal.timeout(config.timeoutSeconds * 1000), closing.signal]);
      return (await pool.run(task, { signal, transferList: transferList as never })) as R;
    } catch (err) {
      if (closed) throw new AppError('unavailable');
      const e = err as Error & { code?: string };
      if (e.name === 'AbortError') return { ok: false, reason: 'too_large', message: `The file takes longer than ${config.timeoutSeconds} s to read` };
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') return { ok: false, reason: 'too_large', message: 'The file needs more memory to read than a file may use' };
      throw err;
    }
  }

  return {
    caps,

    /**
     * The kind and pages of an uploaded file (in its temporary file), checked against the caps.
     * 429 when more uploads wait for a thread than the queue holds.
     */
    async inspect(file: string, name: string, head: Buffer): Promise<InspectResult> {
      if (closed) throw new AppError('unavailable');
      if (inspecting >= config.threads + config.queue) throw new AppError('rate_limited', 'Files are being read; try again in a moment');
      inspecting += 1;
      try {
        return await run<InspectResult>({ op: 'inspect', file, name, head: new Uint8Array(head), caps });
      } finally {
        inspecting -= 1;
      }
    },

    /** A stored file's text; its bytes move to the thread (the caller keeps no copy). */
    async parse(kind: FileKind, bytes: Uint8Array, onProgress?: (done: number, total: number) => void): Promise<ParseResult> {
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (m: { done: number; total: number }) => onProgress?.(m.done, m.total));
      try {
        return await run<ParseResult>({ op: 'parse', kind, bytes: own, caps, progress: port2 }, [own.buffer as ArrayBuffer, port2]);
      } finally {
        port1.close();
      }
    },

    /** Ends the threads (app close): a task still running is failed, not waited for. */
    async close(): Promise<void> {
      closed = true;
      closing.abort();
      await pool.destroy();
    },

    get closed() {
      return closed;
    },
  };
}

export type ParserPool = ReturnType<typeof createParserPool>;

import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { StatementParam } from './types';
import { type Scope, scopeStatement } from './tenant-scope';

/**
 * The embedded database (PGlite) on a worker thread, seen from the main thread through the part of
 * PGlite's interface that drizzle's PGlite driver and this project use: `query`, `transaction`,
 * `listen`, `close`. Statements travel as messages; rows come back structured-cloned.
 * Type parsers cannot cross threads: the type ids drizzle wants raw (dates, intervals, numeric
 * arrays) are sent instead and the worker keeps those values as text (docs/decisions/011).
 */
export interface RemoteResult<T> {
  rows: T[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}
interface Executor {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResult<T>>;
}
export interface RemotePGlite extends Executor {
  readonly closed: boolean;
  /** A named statement: parsed and planned once, then only bound and executed (pglite-worker.mjs). */
  named<T>(name: string, sql: string, params: StatementParam[]): Promise<RemoteResult<T>>;
  /** Several named statements in one message and one implicit transaction; the rows of each, in order. */
  namedMany(statements: Array<{ name: string; sql: string; params: StatementParam[] }>): Promise<unknown[][]>;
  transaction<T>(callback: (tx: Executor) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** The data folder as a tar archive (a template for other in-memory databases). */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface WireError {
  message: string;
  name: string;
  [k: string]: unknown;
}

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

interface RemoteOptions {
  dataDir: string | null;
  migrationsFolder: string;
  templateFile?: string;
  /** The tenant scope of the calling context, sent with each statement (db/tenant-scope.ts). */
  scopeOf?: () => Scope | undefined;
}

/** A scope as the worker applies it: the statement that opens it inside the transaction. */
const wireScope = (scope: Scope | undefined) => (scope ? scopeStatement(scope) : undefined);

export async function startRemotePGlite(opts: RemoteOptions): Promise<RemotePGlite> {
  if (opts.dataDir && !existsSync(path.join(opts.dataDir, 'PG_VERSION'))) {
    // A new database folder is created and migrated by a worker of its own, which then ends: the
    // thread that creates a database keeps ≈ 450 MB more resident memory than one that opens it
    // (initdb's WebAssembly instance and buffers, which neither closing PGlite nor a garbage
    // collection gives back; bench/README.md).
    await (await startWorker(opts)).close();
  }
  return startWorker(opts);
}

async function startWorker(opts: RemoteOptions): Promise<RemotePGlite> {
  const worker = new Worker(workerUrl, { workerData: { dataDir: opts.dataDir, migrationsFolder: opts.migrationsFolder, templateFile: opts.templateFile }, execArgv: [] });
  const scope = () => wireScope(opts.scopeOf?.());
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let nextTx = 1;
  let closed = false;
  let failure: Error | null = null;

  const toError = (e: WireError) => Object.assign(new Error(e.message), e);
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (msg: { id?: number; result?: unknown; error?: WireError; ready?: boolean; notify?: string; payload?: string }) => {
      if (msg.id !== undefined) {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (msg.error) p?.reject(toError(msg.error));
        else p?.resolve(msg.result);
      } else if (msg.notify !== undefined) {
        for (const cb of listeners.get(msg.notify) ?? []) cb(msg.payload ?? '');
      } else if (msg.ready !== undefined) {
        if (msg.ready) resolve();
        else reject(toError(msg.error!));
      }
    });
    worker.on('error', (err) => {
      failure = err;
      reject(err);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
    worker.on('exit', () => {
      closed = true;
      const err = failure ?? new Error('The embedded database has stopped');
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
  });

  function call<T>(msg: Record<string, unknown>): Promise<T> {
    if (closed) return Promise.reject(failure ?? new Error('The embedded database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
    });
  }
  const executor = (txId?: number): Executor => ({
    query: <T>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
      call<RemoteResult<T>>({
        op: 'query',
        sql,
        params,
        txId,
        // Inside a transaction its `begin` opened the scope.
        scope: txId ? undefined : scope(),
        rowMode: options?.rowMode,
        rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      }),
  });

  await ready;
  const main = executor();
  return {
    get closed() {
      return closed;
    },
    ...main,
    named: <T>(name: string, sql: string, params: StatementParam[]) => call<RemoteResult<T>>({ op: 'named', name, sql, params, scope: scope() }),
    namedMany: (statements: Array<{ name: string; sql: string; params: StatementParam[] }>) => call<unknown[][]>({ op: 'namedMany', statements, scope: scope() }),
    async transaction<T>(callback: (tx: Executor) => Promise<T>): Promise<T> {
      const txId = nextTx++;
      await call({ op: 'begin', txId, scope: scope() });
      let result: T;
      try {
        result = await callback(executor(txId));
      } catch (err) {
        await call({ op: 'end', txId, commit: false });
        throw err;
      }
      await call({ op: 'end', txId, commit: true });
      return result;
    },
    async listen(channel, callback) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await call({ op: 'listen', channel });
      }
      set.add(callback);
      return async () => {
        set.delete(callback);
      };
    },
    dump: () => call<Uint8Array>({ op: 'dump' }),
    async close() {
      if (closed) return;
      await call({ op: 'close' }).catch(() => undefined);
      closed = true;
      await worker.terminate();
    },
  };
}

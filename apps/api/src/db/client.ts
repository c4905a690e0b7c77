import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { metricsEnabled, recordPoolWait, watchPool } from '../platform/metrics';
import { observed, observedSql } from './observe';
import { startRemotePGlite } from './pglite-remote';
import type { DatabaseConfig, StatementParam } from './types';
import * as schema from './schema/index';
import { APP_ROLE, asOwner, currentScope, type Scope, scopeStatement } from './tenant-scope';

export type Schema = typeof schema;
/** Both drivers share this query-builder surface; services never see the driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repos accept both. */
export type Executor = Db | Tx;

export interface Database {
  /**
   * The app's connection: the non-owner role under row-level security. Statements see the rows of
   * the tenant scope they run in (db/tenant-scope.ts), none outside one.
   */
  db: Db;
  /**
   * The owner's connection, past row-level security: migrations, start-up maintenance, the jobs
   * that serve every tenant, and tests setting up rows. Never a request's queries.
   */
  owner: Db;
  /** This database seen as the owner: `db` is `owner` and hot-path statements run as the owner. */
  asOwner(): Database;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
  /**
   * Receives NOTIFY payloads of `channel`. `onReset` is called when notifications may have been
   * missed (the listening connection was lost) and again once listening has resumed; until then
   * `listening()` is false. Resolves once listening; returns the way to stop.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReset: () => void): Promise<Listener>;
  /**
   * A hot-path statement (the chat turn, cache invalidation) past the query builder, prepared once
   * per connection under its name and afterwards only bound and executed (decision 012).
   */
  raw<T>(statement: Statement, params: StatementParam[]): Promise<T[]>;
  /**
   * Several hot-path statements as ONE unit: all or nothing, one round trip to the embedded
   * database's thread (one transaction on one connection of a server). The rows of each, in order.
   * How one write of several owners (a chat answer's close: the answer, the ledger, the counters)
   * stays one write while each statement stays its module's own.
   */
  rawMany(parts: ReadonlyArray<StatementCall>): Promise<unknown[][]>;
  /**
   * Runs `fn` while holding the start-up lock: on a PostgreSQL server a session advisory lock
   * (STARTUP_LOCK), so that of several instances starting at once one migrates and seeds while the
   * others wait, then find the work done (decision 040). Released when `fn` settles, or by the
   * server when the connection drops (a crashed instance never leaves it held). Embedded: one
   * process owns the database (decision 005), `fn` just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** The key of the start-up advisory lock (migrations, the seed): one number for the whole platform. */
export const STARTUP_LOCK = 30_040_001;

/** A named statement with its parameters, ready to run (alone or with others in `rawMany`). */
export interface StatementCall {
  statement: Statement;
  params: StatementParam[];
}

/** A module's share of a write that several modules make as one unit: its statement and how to read its rows. */
export interface WritePart<R> {
  call: StatementCall;
  read(rows: unknown[]): R;
}

/** Where the hot-path statements run: the database, or a wrapper of its `raw` (tests count statements). */
export type RawExecutor = Pick<Database, 'raw' | 'rawMany'>;

/** A named statement with `$n` parameters; the name must be unique to its text in the process. */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

const statementNames = new Map<string, string>();
export function statement(name: string, text: string): Statement {
  const known = statementNames.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name "${name}" is already used for another text`);
  statementNames.set(name, text);
  return { name, text };
}

export interface Listener {
  listening(): boolean;
  stop(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * A dump of a freshly migrated in-memory database at `file`, made once per set of migrations:
 * a test database started from it skips initdb and the migrations (≈ 4.5 s → 0.6 s each).
 */
export async function ensurePgliteTemplate(file: string): Promise<void> {
  if (existsSync(file)) return;
  const client = await startRemotePGlite({ dataDir: null, migrationsFolder });
  try {
    const bytes = await client.dump();
    // Several test workers may make it at once: each writes its own file and renames it into place.
    const tmp = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } finally {
    await client.close();
  }
}

/** Names the template of the current migrations: a change to any of them makes a new one. */
export function pgliteTemplateName(): string {
  const hash = createHash('sha1');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const p = path.join(migrationsFolder, name);
    if (statSync(p).isFile()) hash.update(name).update(readFileSync(p));
  }
  return `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`;
}

/**
 * The embedded database runs no autovacuum, so nothing would refresh the planner's statistics:
 * as a tenant's tables grow the planner keeps the row counts of their first minutes and turns
 * joins on the primary key into scans of the tenant's whole index (measured: a batched write of
 * 3 answers scanned 59,961 index entries, 17 ms, at 30,000 turns; 0.15 ms after ANALYZE). Like
 * autovacuum's analyze (threshold 50 rows + 10 %, every minute) this analyzes the tables that
 * changed enough since their last analyze; ANALYZE samples, so its cost stays bounded (≈ 0.1 s for
 * 45,000 changed rows). A PostgreSQL server does this itself.
 */
export async function analyzeChangedTables(client: { query(sql: string): Promise<unknown> }): Promise<void> {
  await client.query(`do $$
    declare t regclass;
    begin
      for t in select relid from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup loop
        execute format('analyze %s', t);
      end loop;
    end $$`);
}
const AUTOANALYZE_MS = 60_000;

// PostgreSQL `bigint` arrives as a string from node-postgres; drizzle maps columns declared
// with mode 'bigint'/'number' itself, so the driver default is left alone.
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'pglite') {
    // PGlite runs on a worker thread, which also applies the migrations (decision 011). Each
    // message carries the tenant scope of the context that sent it.
    const client = await startRemotePGlite({ dataDir: config.dataDir, migrationsFolder, templateFile: config.templateFile, scopeOf: currentScope });
    // The query builder's statements, timed and traced when metrics or tracing are on (db/observe.ts).
    const appClient = {
      query: (...args: Parameters<typeof client.query>) => observedSql(args[0], client.query(...args)),
      transaction: <T>(cb: Parameters<typeof client.transaction<T>>[0]) => observed('transaction', client.transaction(cb)),
    };
    const db = drizzlePglite({ client: appClient as unknown as PGlite, schema, casing: 'snake_case' });
    const ownerClient = {
      query: (...args: Parameters<typeof client.query>) => asOwner(() => appClient.query(...args)),
      transaction: <T>(cb: Parameters<typeof client.transaction<T>>[0]) => asOwner(() => appClient.transaction(cb)),
    };
    const owner = drizzlePglite({ client: ownerClient as unknown as PGlite, schema, casing: 'snake_case' });
    const analyzing = setInterval(() => void asOwner(() => analyzeChangedTables(client)).catch(() => undefined), AUTOANALYZE_MS);
    analyzing.unref();
    const database: Database = {
      db: db as unknown as Db,
      owner: owner as unknown as Db,
      asOwner: () => ownerView(database),
      kind: 'pglite',
      close: () => {
        clearInterval(analyzing);
        return client.close();
      },
      // One process owns an embedded database: its own session hears every NOTIFY, in order.
      async listen(channel, onPayload) {
        const stop = await client.listen(channel, onPayload);
        return { listening: () => !client.closed, stop: () => (client.closed ? Promise.resolve() : stop()) };
      },
      async raw<T>(st: Statement, params: StatementParam[]) {
        return (await observed(st.name, client.named<T>(st.name, st.text, params))).rows;
      },
      rawMany: (parts) => observed(batchName(parts), client.namedMany(parts.map((p) => ({ name: p.statement.name, sql: p.statement.text, params: p.params })))),
      exclusive: (fn) => fn(),
    };
    return database;
  }
  // Migrations and maintenance as the connecting (owner) user; the app's pool as `chat_app`.
  const ownerPool = new pg.Pool({ connectionString: config.url, max: 4 });
  ownerPool.on('error', (err) => console.error(`database: idle connection lost (${err.message})`));
  const owner = drizzlePg({ client: ownerPool, schema, casing: 'snake_case' });
  const exclusive = <T>(fn: () => Promise<T>) => withAdvisoryLock(ownerPool, STARTUP_LOCK, fn);
  // Several instances may start at once on a new release: one applies the migrations, the others
  // wait for the lock and then find nothing left to apply.
  await exclusive(() => migratePg(owner, { migrationsFolder }));
  const pool = scopedPool({ connectionString: config.url, max: 20 });
  const unwatch = [watchPool('app', pool), watchPool('owner', ownerPool)];
  // An idle connection the server closes (restart, failover, admin termination) must not take the
  // process down: the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.error(`database: idle connection lost (${err.message})`));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const database: Database = {
    db: db as unknown as Db,
    owner: owner as unknown as Db,
    asOwner: () => ownerView(database),
    kind: 'postgres',
    close: async () => {
      for (const stop of unwatch) stop();
      await Promise.all([pool.end(), ownerPool.end()]);
    },
    listen: (channel, onPayload, onReset) => listenPg(config.url, channel, onPayload, onReset),
    exclusive,
    async raw<T>(st: Statement, params: StatementParam[]) {
      // node-postgres prepares a named query once per pooled connection.
      return (await pool.query<T & pg.QueryResultRow>({ name: st.name, text: st.text, values: params })).rows as T[];
    },
    rawMany: (parts) => observed(batchName(parts), rawManyPg(pool, parts)),
  };
  return database;
}

/** A batch of hot-path statements is observed under its first statement's name. */
const batchName = (parts: ReadonlyArray<StatementCall>) => `batch:${parts[0]?.statement.name ?? 'empty'}`;

/** `rawMany` on a server: one transaction on one connection. */
async function rawManyPg(pool: pg.Pool, parts: ReadonlyArray<StatementCall>): Promise<unknown[][]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const out: unknown[][] = [];
    for (const p of parts) out.push((await client.query({ name: p.statement.name, text: p.statement.text, values: p.params })).rows);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** A connection from the pool, its wait recorded when metrics are on (`db_pool_wait_seconds`). */
function timedConnect(connect: () => Promise<unknown>): Promise<unknown> {
  if (!metricsEnabled()) return connect();
  const start = performance.now();
  return connect().then((client) => {
    recordPoolWait(performance.now() - start);
    return client;
  });
}

/**
 * Holds a session advisory lock on a connection of its own while `fn` runs (its statements run on
 * other connections of the pool). `pg_advisory_lock` waits for an instance holding it.
 */
async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]).catch(() => (broken = true));
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: closed, not pooled.
    client.release(broken);
  }
}

/** The same database with `db` the owner's and the hot-path statements run as the owner. */
function ownerView(database: Database): Database {
  const view: Database = {
    ...database,
    db: database.owner,
    asOwner: () => view,
    raw: (st, params) => asOwner(() => database.raw(st, params)),
    rawMany: (parts) => asOwner(() => database.rawMany(parts)),
  };
  return view;
}

type PoolClient = pg.PoolClient & { release(err?: Error | boolean): void };
type AnyFn = (...args: unknown[]) => Promise<unknown>;

/**
 * The app's pool on a PostgreSQL server. Its connections take the role `chat_app` (row-level
 * security applies); a statement run inside a tenant or owner scope becomes a transaction that
 * first opens the scope (`set_config(…, true)`: it ends with the transaction, so a pooled
 * connection never carries it to the next user). A transaction (drizzle's, `rawMany`) opens the
 * scope right after its `begin`. Only the promise forms that drizzle and this project use are
 * scoped; pg-pool's own callback-style calls pass through.
 */
function scopedPool(config: pg.PoolConfig): pg.Pool {
  // The role is a startup parameter of every connection: no statement runs before it is taken.
  const pool = new pg.Pool({ ...config, options: `-c role=${APP_ROLE}` });
  const query = pool.query.bind(pool) as unknown as AnyFn;
  const connect = pool.connect.bind(pool) as unknown as AnyFn;

  async function inScope(scope: Scope, args: unknown[]): Promise<unknown> {
    const client = (await timedConnect(connect)) as PoolClient;
    const { name, sql: text, params } = scopeStatement(scope);
    try {
      await client.query('begin');
      await client.query({ name, text, values: params });
      const result = await (client.query as unknown as AnyFn)(...args);
      await client.query('commit');
      client.release();
      return result;
    } catch (err) {
      const broken = await client.query('rollback').then(
        () => false,
        () => true,
      );
      client.release(broken ? (err as Error) : undefined);
      throw err;
    }
  }

  // Every statement on the pool is timed (a named one under its name, decision 052); a query
  // outside a scope waits for its connection inside pg-pool (the callback form of connect below).
  (pool as unknown as { query: AnyFn }).query = (...args: unknown[]) => {
    const scope = currentScope();
    if (typeof args[args.length - 1] === 'function') return query(...args);
    const name = (args[0] as { name?: unknown } | null)?.name;
    const work = scope ? inScope(scope, args) : query(...args);
    // A submittable (a cursor, a stream) is no promise: passed through as it is.
    if (typeof (work as { then?: unknown } | undefined)?.then !== 'function') return work;
    return typeof name === 'string' ? observed(name, work) : observedSql(args[0], work);
  };
  (pool as unknown as { connect: AnyFn }).connect = (...args: unknown[]) => {
    if (typeof args[0] === 'function') {
      if (!metricsEnabled()) return connect(...args);
      const start = performance.now();
      const callback = args[0] as (...a: unknown[]) => void;
      return connect((...a: unknown[]) => {
        recordPoolWait(performance.now() - start);
        callback(...a);
      });
    }
    const scope = currentScope();
    return timedConnect(connect).then((client) => (scope ? scopeTransactions(client as PoolClient, scope) : client));
  };
  return pool;
}

/** A checked-out connection whose transactions open the scope right after `begin`. */
function scopeTransactions(client: PoolClient, scope: Scope): PoolClient {
  const { name, sql: text, params } = scopeStatement(scope);
  const release = client.release.bind(client);
  const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
  (client as { query: unknown }).query = async (...args: unknown[]) => {
    const config = args[0] as string | { text?: string };
    const sqlText = typeof config === 'string' ? config : config?.text;
    const result = await query(...args);
    if (typeof sqlText === 'string' && /^\s*begin\b/i.test(sqlText)) await query({ name, text, values: params });
    return result;
  };
  client.release = (err?: Error | boolean) => {
    delete (client as { query?: unknown }).query;
    client.release = release;
    release(err);
  };
  return client;
}

/**
 * LISTEN on a dedicated connection (a pooled one may be handed to someone else). When it drops,
 * notifications may be lost: report a reset, reconnect with back-off, report a reset again.
 */
async function listenPg(url: string, channel: string, onPayload: (payload: string) => void, onReset: () => void): Promise<Listener> {
  let client: pg.Client | null = null;
  let up = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client !== c) return;
      client = null;
      if (up) {
        up = false;
        onReset();
      }
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 500);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${quoted}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      if (stopped) return;
      retry = setTimeout(() => void connect().catch(() => undefined), 500);
      throw err;
    }
    client = c;
    up = true;
    onReset();
  }

  await connect();
  return {
    listening: () => up,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      up = false;
      await c?.end().catch(() => undefined);
    },
  };
}

/** Rows of a raw statement; both drivers answer `{ rows }`. Cast bigint columns to text in SQL. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

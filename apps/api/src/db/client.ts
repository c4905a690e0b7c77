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
import { watchPool } from '../platform/metrics';
import { observed, observedSql } from './observe';
import { listenPg, rawManyPg, scopedPool, withAdvisoryLock } from './pg';
import { startRemotePGlite } from './pglite-remote';
import type { DatabaseConfig, Listener, Statement, StatementCall, StatementParam } from './types';

export type { Listener, Statement, StatementCall };
import * as schema from './schema/index';
import { asOwner, currentScope } from './tenant-scope';

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


/** A module's share of a write that several modules make as one unit: its statement and how to read its rows. */
export interface WritePart<R> {
  call: StatementCall;
  read(rows: unknown[]): R;
}

/** Where the hot-path statements run: the database, or a wrapper of its `raw` (tests count statements). */
export type RawExecutor = Pick<Database, 'raw' | 'rawMany'>;

/** A named statement with `$n` parameters; the name must be unique to its text in the process. */
const statementNames = new Map<string, string>();
export function statement(name: string, text: string): Statement {
  const known = statementNames.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name "${name}" is already used for another text`);
  statementNames.set(name, text);
  return { name, text };
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

/** Rows of a raw statement; both drivers answer `{ rows }`. Cast bigint columns to text in SQL. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

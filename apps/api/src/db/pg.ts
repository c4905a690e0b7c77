import pg from 'pg';
import { metricsEnabled, recordPoolWait } from '../platform/metrics';
import { observed, observedSql } from './observe';
import { APP_ROLE, currentScope, type Scope, scopeStatement } from './tenant-scope';
import type { Listener, StatementCall } from './types';

// A PostgreSQL server's side of the database (db/client.ts opens it): the app's scoped pool,
// `rawMany`, the start-up lock, LISTEN.

/** `rawMany` on a server: one transaction on one connection. */
export async function rawManyPg(pool: pg.Pool, parts: ReadonlyArray<StatementCall>): Promise<unknown[][]> {
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
export async function withAdvisoryLock<T>(pool: pg.Pool, key: number, fn: () => Promise<T>): Promise<T> {
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
export function scopedPool(config: pg.PoolConfig): pg.Pool {
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
export async function listenPg(url: string, channel: string, onPayload: (payload: string) => void, onReset: () => void): Promise<Listener> {
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

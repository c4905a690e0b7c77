import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Both drivers share this query-builder surface; services never see the driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repos accept both. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// PostgreSQL `bigint` arrives as a string from node-postgres; drizzle maps columns declared
// with mode 'bigint'/'number' itself, so the driver default is left alone.
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'pglite') {
    const client = config.dataDir ? new PGlite(config.dataDir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 20 });
  // An idle connection the server closes (restart, failover, admin termination) must not take the
  // process down: the pool drops it and opens a new one on the next query.
  pool.on('error', (err) => console.error(`database: idle connection lost (${err.message})`));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  await migratePg(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

/** Rows of a raw statement; both drivers answer `{ rows }`. Cast bigint columns to text in SQL. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

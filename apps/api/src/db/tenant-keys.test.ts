/**
 * The schema stays ready to be distributed by tenant (Citus, docs/deploy.md; issue 30 item 6),
 * and several instances starting at once on an empty PostgreSQL database migrate it once, under
 * the start-up advisory lock (decision 040).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { seed } from '../seed';
import { serverDatabase } from '../test/instances';
import { freshDatabase } from '../test/test-app';
import { type Database, openDatabase, queryRows } from './client';
import { sql } from 'drizzle-orm';

/**
 * Values unique across the platform, found without a tenant (a public link's hash, a token's
 * hash, an API key's secret, a subdomain). Citus accepts a unique index on a distributed table
 * only with the distribution column: docs/deploy.md says what each needs before distributing. A
 * new one is a decision: add it here and there.
 */
const GLOBAL_UNIQUE = [
  'api_keys(secret_hash)',
  'chat_sessions(hash_id)',
  'chat_sessions(share_hash_id)',
  'chatbot_images(hash_id)',
  'chatbots(hash_id)',
  'invitations(hash_id)',
  'refresh_tokens(token_hash)',
  'tasks(result_path)',
  'tenants(subdomain)',
];

interface Key {
  table: string;
  kind: 'p' | 'f' | 'u';
  name: string;
  cols: string[];
  ref: string | null;
  refcols: string[] | null;
}

/** Primary, foreign and unique keys of the public schema, with their columns in key order. */
async function keysOf(db: Database['owner']): Promise<{ keys: Key[]; tables: { table: string; tenant: boolean }[]; uniqueIndexes: { table: string; name: string; cols: string[] }[] }> {
  const cols = (rel: string, attnums: string) =>
    `(select coalesce(array_agg(a.attname::text order by k.ord), '{}') from unnest(${attnums}) with ordinality k(attnum, ord) join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.attnum)`;
  const keys = await queryRows<Key>(
    db,
    sql.raw(`select c.relname::text as "table", con.contype::text as kind, con.conname::text as name, ${cols('con.conrelid', 'con.conkey')} as cols,
      case when con.contype = 'f' then (select relname::text from pg_class where oid = con.confrelid) end as ref,
      case when con.contype = 'f' then ${cols('con.confrelid', 'con.confkey')} end as refcols
    from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and con.contype in ('p', 'f', 'u') order by 1, 3`),
  );
  const tables = await queryRows<{ table: string; tenant: boolean }>(
    db,
    sql.raw(`select c.relname::text as "table", exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`),
  );
  const uniqueIndexes = await queryRows<{ table: string; name: string; cols: string[] }>(
    db,
    sql.raw(`select c.relname::text as "table", i.relname::text as name, ${cols('x.indrelid', 'x.indkey::int2[]')} as cols
    from pg_index x join pg_class c on c.oid = x.indrelid join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and x.indisunique and not x.indisprimary order by 1, 2`),
  );
  return { keys, tables, uniqueIndexes };
}

describe('tenant keys (ready to distribute by tenant_id)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ database, drop } = await freshDatabase()));
  afterAll(async () => drop?.());

  it('every table but tenants has tenant_id, leading its primary key and every foreign key', async () => {
    const { keys, tables } = await keysOf(database.owner);
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.filter((t) => !t.tenant).map((t) => t.table)).toEqual(['tenants']);
    const problems: string[] = [];
    for (const { table } of tables.filter((t) => t.tenant)) {
      const pk = keys.find((k) => k.table === table && k.kind === 'p');
      if (pk?.cols[0] !== 'tenant_id') problems.push(`${table}: primary key (${pk?.cols.join(', ') ?? 'none'}) does not start with tenant_id`);
      for (const fk of keys.filter((k) => k.table === table && k.kind === 'f')) {
        const toTenants = fk.ref === 'tenants' && fk.cols.length === 1 && fk.cols[0] === 'tenant_id';
        if (!toTenants && (fk.cols[0] !== 'tenant_id' || fk.refcols?.[0] !== 'tenant_id')) problems.push(`${table}: foreign key ${fk.name} (${fk.cols.join(', ')}) → ${fk.ref} (${fk.refcols?.join(', ')}) is not led by tenant_id on both sides`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a composite foreign key that sets null on delete names the column it clears, never tenant_id', async () => {
    // A plain SET NULL on (tenant_id, x) nulls tenant_id too, which NOT NULL refuses: the delete
    // of the referenced row fails (issue 38 item 2: deleting a member who created a chatbot).
    const rows = await queryRows<{ name: string; cleared: string[] | null }>(
      database.owner,
      sql.raw(`select con.conname::text as name,
        (select array_agg(a.attname::text) from unnest(con.confdelsetcols) k(attnum) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as cleared
      from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where n.nspname = 'public' and con.contype = 'f' and con.confdeltype = 'n' and array_length(con.conkey, 1) > 1 order by 1`),
    );
    expect(rows.length).toBeGreaterThan(0);
    const problems = rows.filter((r) => !r.cleared?.length || r.cleared.includes('tenant_id')).map((r) => r.name);
    expect(problems).toEqual([]);
  });

  it('the unique indexes without tenant_id are the known global ones', async () => {
    const { uniqueIndexes } = await keysOf(database.owner);
    const global = uniqueIndexes.filter((i) => !i.cols.includes('tenant_id')).map((i) => `${i.table}(${i.cols.join(', ')})`);
    expect(global).toEqual(GLOBAL_UNIQUE);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

describe.runIf(Boolean(serverUrl))('two instances starting at once on an empty PostgreSQL database', () => {
  let url = '';
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ url, drop } = await serverDatabase(serverUrl!));
  });
  afterAll(() => drop());

  it('one migrates and seeds, the other waits and finds the work done', async () => {
    const [one, two] = await Promise.all([openDatabase({ kind: 'postgres', url }), openDatabase({ kind: 'postgres', url })]);
    try {
      const applied = await queryRows<{ n: number; distinct: number }>(one.owner, sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`);
      expect(applied[0]!.n).toBeGreaterThan(25);
      expect(applied[0]!.distinct).toBe(applied[0]!.n);
      // The demo seed of both at once, each under the lock: one demo tenant, no conflict.
      const config = loadConfig({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(32), SEED_ADMIN_PASSWORD: 'Passw0rd!', SEED_MEMBER_PASSWORD: 'Passw0rd!' });
      const lines: string[] = [];
      await Promise.all([one, two].map((d) => d.exclusive(() => seed(d.owner, config, (line) => lines.push(line)))));
      expect(lines.filter((l) => l.includes('Demo tenant "demo" created'))).toHaveLength(1);
      expect(await queryRows(one.owner, sql`select subdomain from tenants`)).toEqual([{ subdomain: 'demo' }]);
      // Released: a third start takes the lock at once.
      const started = Date.now();
      await one.exclusive(async () => undefined);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});

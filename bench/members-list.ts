/**
 * The console's member list at scale: seeds --members members (default 100,000) into one tenant,
 * spread over groups, with a searchable custom field, then times pages of `GET /api/admin/members/`
 * through the real app (inject): filtered by group and sorted by name, filtered by status and
 * sorted by newest, and a search. Prints p50 / p95 per query (target: p95 ≤ 50 ms).
 *
 *   npx tsx bench/members-list.ts [--members 100000] [--requests 200] [--database-url postgres://…]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { catalogFor } from '../apps/api/src/llm/catalog';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service';
import { testConfig } from '../apps/api/src/test/test-app';
import { percentile } from './lib';

const { values } = parseArgs({ options: { members: { type: 'string', default: '100000' }, requests: { type: 'string', default: '200' }, 'database-url': { type: 'string' } } });
const N = Number(values.members);
const REQUESTS = Number(values.requests);
const dataDir = values['database-url'] ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-members-'));
const database = await openDatabase(values['database-url'] ? { kind: 'postgres', url: values['database-url'] } : { kind: 'pglite', dataDir });
const config = { ...testConfig({}), logLevel: 'warn' };
const built = await buildApp(config, { database });
const subdomain = `members-${Date.now().toString(36)}`;
const password = 'Bench-passw0rd!';
try {
  const created = await createTenant(
    database.owner,
    { subdomain, koName: '멤버', enName: 'Members', memberCreditQuota: 1000, accounts: [{ email: 'admin@members.bench', password, name: 'Admin', isAdmin: true }] },
    catalogFor({}),
  );
  const tenantId = created.tenant.id;
  const t0 = performance.now();
  await database.owner.execute(sql`insert into member_groups (tenant_id, ko_name, en_name, is_default)
    select ${tenantId}, '그룹 ' || g, 'Group ' || g, g <= 5 from generate_series(1, 20) g`);
  const groups = (await database.owner.execute(sql`select id from member_groups where tenant_id = ${tenantId} and is_default and en_name like 'Group %' order by id`)) as unknown as { rows: Array<{ id: number }> };
  const defaults = groups.rows.map((r) => r.id);
  const [field] = ((await database.owner.execute(sql`insert into custom_fields (tenant_id, ko_name, en_name, is_searchable) values (${tenantId}, '사번', 'Badge', true) returning id`)) as unknown as { rows: Array<{ id: number }> }).rows;
  await database.owner.execute(sql`insert into members (tenant_id, email, name, member_status, default_member_group_id, custom_fields, created_at)
    select ${tenantId}, 'person' || i || '@members.bench', 'Person ' || md5(i::text),
      case when i % 50 = 0 then 'pending' when i % 97 = 0 then 'deactivated' else 'active' end,
      (${sql.raw(`array[${defaults.join(',')}]`)})[1 + i % ${defaults.length}],
      jsonb_build_object(${String(field!.id)}::text, 'B' || i), now() - (i || ' seconds')::interval
    from generate_series(1, ${N}) i`);
  // Fresh statistics before the memberships: their trigger updates members by key, which a planner
  // that still thinks the table empty would do with a scan per row.
  await database.owner.execute(sql`analyze members`);
  const tm = performance.now();
  await database.owner.execute(sql`insert into member_group_memberships (tenant_id, member_id, member_group_id)
    select m.tenant_id, m.id, g.id from members m join member_groups g on g.tenant_id = m.tenant_id and not g.is_default
    where m.tenant_id = ${tenantId} and (m.id + g.id) % 7 = 0`);
  const ta = performance.now();
  // After a bulk load autovacuum would run: the seeding rewrote every member row (their groups, their search text).
  await database.owner.execute(sql`vacuum analyze`);
  console.log(`  (seeding: members ${((tm - t0) / 1000).toFixed(1)} s, memberships ${((ta - tm) / 1000).toFixed(1)} s, analyze ${((performance.now() - ta) / 1000).toFixed(1)} s)`);
  console.log(`members-list: ${N.toLocaleString('en')} members seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}`);

  const signIn = await built.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': subdomain }, payload: { email: 'admin@members.bench', password } });
  const headers = { 'x-tenant-subdomain': subdomain, 'x-access-token': signIn.json().access_token as string };
  const extra = ((await database.owner.execute(sql`select id from member_groups where tenant_id = ${tenantId} and not is_default order by id limit 1`)) as unknown as { rows: Array<{ id: number }> }).rows[0]!.id;
  const queries: Array<[string, (i: number) => string]> = [
    ['group (default or additional) filter, name order, page 1–50', (i) => `/api/admin/members/?member_group_id=${i % 2 ? defaults[i % defaults.length] : extra}&order_by=name.asc&page=${1 + (i % 50)}&size=20`],
    ['status filter, newest first, page 1–50', (i) => `/api/admin/members/?member_status=active&order_by=created_at.desc&page=${1 + (i % 50)}&size=20`],
    ['admin filter + group filter', (i) => `/api/admin/members/?is_admin=false&member_group_id=${defaults[i % defaults.length]}&page=1&size=20`],
    ['search (name, email, searchable field)', (i) => `/api/admin/members/?search_term=person${1000 + i}@&size=20`],
  ];
  for (const [label, url] of queries) {
    for (let i = 0; i < 10; i += 1) await built.app.inject({ method: 'GET', url: url(i), headers });
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      const res = await built.app.inject({ method: 'GET', url: url(i), headers });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url(i)}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(60)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
  }
} finally {
  if (values['database-url']) await database.owner.execute(sql`delete from tenants where subdomain = ${subdomain}`);
  await built.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

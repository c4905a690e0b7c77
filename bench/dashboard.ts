/**
 * The console's home at scale (issue 24 item 5): seeds one tenant with --rows ledger rows (default
 * 1,000,000) of usage over the last 12 months by --members members on 3 models, plus the roll-ups
 * the charge statement keeps beside them (credit_usage_daily, member/group/tenant totals, summed
 * here from the seeded ledger as the charges would have moved them), then times
 * `GET /api/admin/dashboards/`, `GET /api/admin/dashboards/usage/` over 12 months and
 * `GET /api/admin/credits/` through the real app (inject). p50 / p95 (target p95 ≤ 200 ms).
 *
 *   npx tsx bench/dashboard.ts [--rows 1000000] [--members 1000] [--requests 200] [--database-url postgres://…]
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

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, members: { type: 'string', default: '1000' }, requests: { type: 'string', default: '200' }, 'database-url': { type: 'string' } },
});
const ROWS = Number(values.rows);
const MEMBERS = Number(values.members);
const REQUESTS = Number(values.requests);
const dataDir = values['database-url'] ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'));
const database = await openDatabase(values['database-url'] ? { kind: 'postgres', url: values['database-url'] } : { kind: 'pglite', dataDir });
const config = { ...testConfig({ openaiCompatible: { baseUrl: 'http://127.0.0.1:9', models: ['bench-a', 'bench-b', 'bench-c'] } }), logLevel: 'warn' };
const built = await buildApp(config, { database });
const subdomain = `dashboard-${Date.now().toString(36)}`;
const password = 'Bench-passw0rd!';
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
try {
  const created = await createTenant(
    database.owner,
    { subdomain, koName: '대시보드', enName: 'Dashboard', memberCreditQuota: 1000, accounts: [{ email: 'admin@dashboard.bench', password, name: 'Admin', isAdmin: true }] },
    catalogFor(config.providers),
  );
  const tenantId = created.tenant.id;
  const groupId = created.defaultGroup.id;
  const db = database.owner;
  const models = rowsOf<{ id: number }>(await db.execute(sql`select id from llm_models where tenant_id = ${tenantId} order by id limit 3`)).map((r) => r.id);
  const t0 = performance.now();
  await db.execute(sql`insert into members (tenant_id, email, name, member_status, default_member_group_id)
    select ${tenantId}, 'person' || i || '@dashboard.bench', 'Person ' || i, 'active', ${groupId} from generate_series(1, ${MEMBERS}) i`);
  const memberIds = rowsOf<{ id: number }>(await db.execute(sql`select id from members where tenant_id = ${tenantId} order by id`)).map((r) => r.id);
  // One answer a row, spread over the last 365 days (UTC), members and models; costs as 1e-8 credit units.
  await db.execute(sql`insert into credit_ledger (tenant_id, kind, member_id, member_group_id, llm_model_id, session_id, message_id,
      input_tokens, output_tokens, amount_units, input_units, output_units, web_search_count, web_search_units, image_count, image_units, period_start, created_at)
    select ${tenantId}, 'usage', (${sql.raw(`array[${memberIds.join(',')}]`)})[1 + i % ${memberIds.length}], ${groupId},
      (${sql.raw(`array[${models.join(',')}]`)})[1 + i % ${models.length}], i, i,
      100 + i % 900, 50 + i % 400, -((100 + i % 900) * 35000 + (50 + i % 400) * 72500 + (i % 10 = 0)::int * 5000000 + (i % 97 = 0)::int * 40000000)::bigint,
      (100 + i % 900) * 35000, (50 + i % 400) * 72500, (i % 10 = 0)::int, (i % 10 = 0)::int * 5000000, (i % 97 = 0)::int, (i % 97 = 0)::int * 40000000,
      date_trunc('month', d)::date, d
    from (select i, (now() at time zone 'utc')::date - (i % 365) + interval '12 hours' as d from generate_series(1, ${ROWS}) i) s`);
  const tl = performance.now();
  // The roll-ups as the charge statement moves them, answer by answer.
  await db.execute(sql`insert into credit_usage_daily (tenant_id, day, llm_model_id, message_count, input_tokens, output_tokens, used_units,
      input_units, output_units, web_search_count, web_search_units, image_count, image_units)
    select tenant_id, created_at::date, llm_model_id, count(*), sum(input_tokens), sum(output_tokens), -sum(amount_units),
      sum(input_units), sum(output_units), sum(web_search_count), sum(web_search_units), sum(image_count), sum(image_units)
    from credit_ledger where tenant_id = ${tenantId} and kind = 'usage' group by 1, 2, 3`);
  // The members' period rows arrive here in one statement, not a charge at a time: their triggers
  // (tenant_chat_users, decision 033) would update one row 12,000 times in one transaction, so
  // they are off for this insert and the counts are written as the triggers would have left them.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into member_credit_usage (tenant_id, member_id, period_start, used_units, message_count, input_tokens, output_tokens)
      select tenant_id, member_id, period_start, -sum(amount_units), count(*), sum(input_tokens), sum(output_tokens)
      from credit_ledger where tenant_id = ${tenantId} and kind = 'usage' group by 1, 2, 3`);
  });
  await db.execute(sql`insert into tenant_chat_users (tenant_id, period_start, members)
    select tenant_id, period_start, count(*) from member_credit_usage where tenant_id = ${tenantId} and message_count > 0 group by 1, 2`);
  await db.execute(sql`insert into group_credit_usage (tenant_id, member_group_id, period_start, used_units, message_count)
    select tenant_id, member_group_id, period_start, -sum(amount_units), count(*)
    from credit_ledger where tenant_id = ${tenantId} and kind = 'usage' group by 1, 2, 3`);
  await db.execute(sql`insert into tenant_credit_usage (tenant_id, period_start, used_units)
    select tenant_id, period_start, -sum(amount_units) from credit_ledger where tenant_id = ${tenantId} and kind = 'usage' group by 1, 2`);
  await db.execute(sql`analyze`);
  const [counts] = rowsOf<{ ledger: string; daily: string }>(
    await db.execute(sql`select (select count(*) from credit_ledger where tenant_id = ${tenantId})::text as ledger,
      (select count(*) from credit_usage_daily where tenant_id = ${tenantId})::text as daily`),
  );
  console.log(`  (seeding: ledger ${((tl - t0) / 1000).toFixed(1)} s, roll-ups and analyze ${((performance.now() - tl) / 1000).toFixed(1)} s)`);
  console.log(
    `dashboard: ${Number(counts!.ledger).toLocaleString('en')} ledger rows (${Number(counts!.daily).toLocaleString('en')} daily roll-up rows), ${MEMBERS.toLocaleString('en')} members, on ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}`,
  );

  const signIn = await built.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': subdomain }, payload: { email: 'admin@dashboard.bench', password } });
  const headers = { 'x-tenant-subdomain': subdomain, 'x-access-token': signIn.json().access_token as string };
  const now = new Date();
  const month = (n: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + n, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  };
  const queries: Array<[string, (i: number) => string]> = [
    ['GET /admin/dashboards/ (cards)', () => '/api/admin/dashboards/'],
    ['GET /admin/dashboards/usage/ (12 months)', () => `/api/admin/dashboards/usage/?start_month=${month(-11)}&end_month=${month(0)}`],
    ['GET /admin/credits/ (a month, by model)', (i) => `/api/admin/credits/?month=${month(-(i % 12))}`],
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
    console.log(`  ${label.padEnd(45)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
  }
  const cards = await built.app.inject({ method: 'GET', url: '/api/admin/dashboards/', headers });
  console.log(`  cards: ${cards.body}`);
} finally {
  if (values['database-url']) await database.owner.execute(sql`delete from tenants where subdomain = ${subdomain}`);
  await built.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The store at scale (issue 23): seeds --chatbots chatbots (default 10,000) into one tenant — most
 * of them public, with an approved version, categories, groups (half allowed for the member's
 * group) and this month's figures — then times the store's first page through the real app
 * (inject): popular, newest, a category, a search. Prints p50 / p95 (target: p95 ≤ 50 ms).
 *
 *   npx tsx bench/store.ts [--chatbots 10000] [--requests 200] [--database-url postgres://…]
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

const { values } = parseArgs({ options: { chatbots: { type: 'string', default: '10000' }, requests: { type: 'string', default: '200' }, 'database-url': { type: 'string' } } });
const N = Number(values.chatbots);
const REQUESTS = Number(values.requests);
const dataDir = values['database-url'] ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-store-'));
const database = await openDatabase(values['database-url'] ? { kind: 'postgres', url: values['database-url'] } : { kind: 'pglite', dataDir });
const config = { ...testConfig({}), logLevel: 'warn' };
const built = await buildApp(config, { database });
const subdomain = `store-${Date.now().toString(36)}`;
const password = 'Bench-passw0rd!';
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
try {
  const accounts = Array.from({ length: 20 }, (_, i) => ({ email: `maker${i}@store.bench`, password, name: `Maker ${i}`, isAdmin: i === 0 }));
  const created = await createTenant(database.owner, { subdomain, koName: '스토어', enName: 'Store', memberCreditQuota: 1000, accounts }, catalogFor({}));
  const tenantId = created.tenant.id;
  const t0 = performance.now();
  const [other] = rows<{ id: number }>(await database.owner.execute(sql`insert into member_groups (tenant_id, ko_name, en_name) values (${tenantId}, '다른 그룹', 'Other group') returning id`));
  const [model] = rows<{ id: number }>(await database.owner.execute(sql`select id from llm_models where tenant_id = ${tenantId} order by id limit 1`));
  const makers = created.members.map((m) => m.id);
  // 80 % public (with an approved version), the rest private drafts; ids rise with age.
  await database.owner.execute(sql`insert into chatbots (tenant_id, hash_id, creator_id, llm_model_id, ko_name, en_name, ko_key_features, en_key_features,
      system_instructions, is_public, message_count, month_key, month_message_count, month_token_count, token_count, created_at)
    select ${tenantId}, md5(${subdomain} || i), (${sql.raw(`array[${makers.join(',')}]`)})[1 + i % ${makers.length}], ${model!.id},
      '챗봇 ' || i, 'Chatbot ' || i || ' ' || md5(i::text), '기능 ' || i, 'Features of ' || i, 'Instructions ' || i,
      i % 5 <> 0, (i * 7919) % 5000, to_char(now() at time zone 'UTC', 'YYYYMM')::int, (i * 104729) % 3000, i * 10, i * 100,
      now() - ((${N} - i) || ' minutes')::interval
    from generate_series(1, ${N}) i`);
  await database.owner.execute(sql`insert into chatbot_releases (tenant_id, chatbot_id, llm_model_id, ko_name, en_name, ko_key_features, en_key_features, system_instructions, temperature, top_p)
    select tenant_id, id, llm_model_id, ko_name, en_name, ko_key_features, en_key_features, system_instructions, 1, 1 from chatbots where tenant_id = ${tenantId} and is_public`);
  await database.owner.execute(sql`insert into chatbot_member_groups (tenant_id, chatbot_id, member_group_id)
    select tenant_id, id, case when id % 2 = 0 then ${created.defaultGroup.id}::int else ${other!.id}::int end from chatbots where tenant_id = ${tenantId} and is_public`);
  await database.owner.execute(sql`insert into chatbot_categories (tenant_id, chatbot_id, category_id)
    select c.tenant_id, c.id, k.id from chatbots c join categories k on k.tenant_id = c.tenant_id
    where c.tenant_id = ${tenantId} and not c.is_default and (c.id + k.id) % 3 = 0`);
  await database.owner.execute(sql`analyze`);
  const [cat] = rows<{ id: number }>(await database.owner.execute(sql`select id from categories where tenant_id = ${tenantId} order by id limit 1`));
  console.log(`store: ${N.toLocaleString('en')} chatbots seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}`);

  // A member of the default group who made none of them (maker 19 made a twentieth: a member like any other).
  const signIn = await built.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': subdomain }, payload: { email: 'maker19@store.bench', password } });
  const headers = { 'x-tenant-subdomain': subdomain, 'x-access-token': signIn.json().access_token as string };
  const store = '/api/chatbots/?is_public=true&include_default=false&size=30';
  const queries: Array<[string, (i: number) => string]> = [
    ['first page, popular (messages this month)', () => `${store}&order_by=month_message_count.desc`],
    ['first page, newest', () => `${store}&order_by=created_at.desc`],
    ['a category, popular', () => `${store}&order_by=month_message_count.desc&category_id=${cat!.id}`],
    ['a search, popular', (i) => `${store}&order_by=month_message_count.desc&search_term=chatbot%20${100 + i}`],
    ['page 2–20, popular', (i) => `${store}&order_by=month_message_count.desc&page=${2 + (i % 19)}`],
  ];
  for (const [label, url] of queries) {
    for (let i = 0; i < 10; i += 1) await built.app.inject({ method: 'GET', url: url(i), headers });
    const times: number[] = [];
    let shown = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      const res = await built.app.inject({ method: 'GET', url: url(i), headers });
      times.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`${url(i)}: ${res.statusCode} ${res.body}`);
      shown = res.json().pagination.total_items;
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label.padEnd(44)} ${String(shown).padStart(6)} found   p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
  }
} finally {
  if (values['database-url']) await database.owner.execute(sql`delete from tenants where subdomain = ${subdomain}`);
  await built.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

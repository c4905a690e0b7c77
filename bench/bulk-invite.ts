/**
 * Bulk invite at the size of a big file: --rows invitations (default 10,000), with a required
 * sign-up custom field and additional groups by name, sent as the console sends them — one request
 * per batch of --batch rows (default 100, `BULK_INVITE_BATCH_SIZE`) through the real app (inject),
 * every invitation mailed over real SMTP to a local smtp-server. Prints the whole run, per-batch
 * p50 / p95 / max (what the console's progress bar waits on between steps) and mails received.
 *
 *   npx tsx bench/bulk-invite.ts [--rows 10000] [--batch 100] [--database-url postgres://…]
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
import { startMailCatcher } from '../apps/api/src/test/mail-catcher';
import { testConfig } from '../apps/api/src/test/test-app';
import { percentile } from './lib';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, batch: { type: 'string', default: '100' }, 'database-url': { type: 'string' } } });
const ROWS = Number(values.rows);
const BATCH = Number(values.batch);
const mail = await startMailCatcher();
const dataDir = values['database-url'] ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-invite-'));
const database = await openDatabase(values['database-url'] ? { kind: 'postgres', url: values['database-url'] } : { kind: 'pglite', dataDir });
const config = { ...testConfig({}, mail.url), logLevel: 'warn' };
const built = await buildApp(config, { database });
const subdomain = `invite-${Date.now().toString(36)}`;
const password = 'Bench-passw0rd!';
try {
  const created = await createTenant(
    database.owner,
    { subdomain, koName: '초대', enName: 'Invite', memberCreditQuota: 1000, accounts: [{ email: 'admin@invite.bench', password, name: 'Admin', isAdmin: true }] },
    catalogFor({}),
  );
  const tenantId = created.tenant.id;
  await database.owner.execute(sql`insert into member_groups (tenant_id, ko_name, en_name, is_default) values (${tenantId}, '연구팀', 'Research', false), (${tenantId}, '영업팀', 'Sales', false)`);
  const [field] = ((await database.owner.execute(sql`insert into custom_fields (tenant_id, ko_name, en_name, is_required, is_unique) values (${tenantId}, '사번', 'Badge', true, true) returning id`)) as unknown as { rows: Array<{ id: number }> }).rows;
  const signIn = await built.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': subdomain }, payload: { email: 'admin@invite.bench', password } });
  const headers = { 'x-tenant-subdomain': subdomain, 'x-access-token': signIn.json().access_token as string, origin: 'https://invite.bench' };
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    row: i + 2,
    name: `사람 ${i}`,
    email: `person${i}@invite.bench`,
    additional_groups: i % 3 === 0 ? ['Research'] : i % 3 === 1 ? ['영업팀'] : [],
    custom_fields: { [String(field!.id)]: `B${i}` },
  }));
  const times: number[] = [];
  let invited = 0;
  const t0 = performance.now();
  for (let i = 0; i < rows.length; i += BATCH) {
    const start = performance.now();
    const res = await built.app.inject({ method: 'POST', url: '/api/admin/invitations/bulk/', headers, payload: { members: rows.slice(i, i + BATCH) } });
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`batch at ${i}: ${res.statusCode} ${res.body}`);
    invited += (res.json().items as Array<{ status: string }>).filter((r) => r.status === 'invited').length;
  }
  const total = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  console.log(`bulk-invite: ${ROWS.toLocaleString('en')} rows in batches of ${BATCH} on ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}, mailed over SMTP`);
  console.log(`  whole file ${total.toFixed(1)} s (${Math.round(ROWS / total)} rows/s); invited ${invited.toLocaleString('en')}; mails received ${mail.messages.length.toLocaleString('en')}`);
  console.log(`  per batch  p50 ${percentile(times, 50).toFixed(0)} ms   p95 ${percentile(times, 95).toFixed(0)} ms   max ${times.at(-1)!.toFixed(0)} ms`);
} finally {
  if (values['database-url']) await database.owner.execute(sql`delete from tenants where subdomain = ${subdomain}`);
  await built.close();
  await database.close();
  await mail.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

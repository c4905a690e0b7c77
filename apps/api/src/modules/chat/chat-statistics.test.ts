import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFor } from '../../llm/catalog';
import { openTurns } from '../sessions/sessions.statements';
import { createTenant } from '../tenants/tenants.service';
import { newHashId } from '../../platform/tokens';
import { freshDatabase } from '../../test/test-app';
import { analyzeChangedTables, type Database, queryRows } from '../../db/client';

// The embedded database runs no autovacuum: analyzeChangedTables keeps the planner's statistics
// current. Without it, batched writes by id end up scanning the whole tenant as tables grow. A server analyzes by itself
// (and its pooled connections report their changes late), so this suite runs on PGlite only.
let database: Database;
let drop: () => Promise<void>;
let tenantId: number;
let answerIds: number[] = [];
/** 6 batches of 500 turns, two messages each. */
const MESSAGES = 6000;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  // The test writes and inspects rows as the owner (row-level security is tested on its own).
  database = database.asOwner();
  const created = await createTenant(database.db, { subdomain: 'stats', koName: '통계', enName: 'Stats', memberCreditQuota: 1000, accounts: [{ email: 'm@stats.test', password: 'Passw0rd!', name: 'M', isAdmin: false }] }, catalogFor({}));
  tenantId = created.tenant.id;
  const [bot] = await queryRows<{ id: number; model: number }>(database.db, sql`select id, llm_model_id as model from chatbots where tenant_id = ${tenantId} limit 1`);
  for (let b = 0; b < 6; b += 1) {
    const turns = Array.from({ length: 500 }, () => ({ session: { hashId: newHashId(16), memberId: created.members[0]!.id, chatbotId: bot!.id, title: null, isTest: false, origin: 'member' as const }, text: 'q', llmModelId: bot!.model, attachments: [], sources: [] }));
    answerIds.push(...(await openTurns(database, tenantId, turns)).map((t) => t!.assistantMessageId));
  }
  // As in use: almost every answer finished, a few still streaming.
  await database.db.execute(sql`update chat_messages set status = 'completed' where tenant_id = ${tenantId} and id < ${answerIds.at(-20)!}`);
  answerIds = answerIds.slice(-3);
});
afterAll(() => drop());

/** Rows changed since the last analyze of chat_messages, once the counters reached the statistics views. */
async function changedSinceAnalyze(atLeast: number): Promise<number> {
  let n = 0;
  for (let i = 0; i < 50; i += 1) {
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    n = Number((await queryRows<{ n: string }>(database.db, sql`select n_mod_since_analyze::text as n from pg_stat_user_tables where relname = 'chat_messages'`))[0]!.n);
    if (n >= atLeast) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return n;
}
const lastAnalyze = async () => (await queryRows<{ at: string | null }>(database.db, sql`select last_analyze::text as at from pg_stat_user_tables where relname = 'chat_messages'`))[0]!.at;
/** The planner's estimate of the tenant's messages. */
async function estimatedMessages(): Promise<number> {
  const [row] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(database.db, sql`explain (format json) select id from chat_messages where tenant_id = ${tenantId}`);
  const plan = row!['QUERY PLAN'];
  return (typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan)[0]!.Plan['Plan Rows'];
}
const analyze = () => analyzeChangedTables({ query: (text) => database.db.execute(sql.raw(text)) });

describe.runIf(!process.env.TEST_DATABASE_URL)('analyzeChangedTables (embedded database)', () => {
  it('analyzes the tables that changed, so the planner sees how large they are', async () => {
    expect(await changedSinceAnalyze(6000)).toBeGreaterThan(6000);
    expect(await lastAnalyze()).toBeNull();
    // Statistics of the first minutes: the planner takes the tenant's 6,000 messages for far fewer.
    expect(await estimatedMessages()).toBeLessThan(MESSAGES / 2);
    await analyze();
    expect(await lastAnalyze()).not.toBeNull();
    expect(await changedSinceAnalyze(0)).toBe(0);
    // The planner now knows how many messages the tenant has.
    expect(await estimatedMessages()).toBeGreaterThan(MESSAGES * 0.9);
    expect(await estimatedMessages()).toBeLessThan(MESSAGES * 1.1);
  });

  it('leaves tables that did not change enough alone', async () => {
    const before = await lastAnalyze();
    await database.db.execute(sql`update chat_messages set text = 'y' where tenant_id = ${tenantId} and id = ${answerIds[0]!}`);
    expect(await changedSinceAnalyze(1)).toBe(1);
    await analyze();
    expect(await lastAnalyze()).toBe(before);
    expect(await changedSinceAnalyze(1)).toBe(1);
  });
});

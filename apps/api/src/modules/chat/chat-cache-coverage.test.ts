import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { chatbotMemberGroups, creditGrants, chatbotReleases, llmModelGroupAccess, llmModels, memberGroupMemberships, memberGroups, members, tenants, toolGroupAccess } from '../../db/schema/index';
import { chatColumns } from '../chatbots/chatbots.service';
import { buildTestApp, type TestApp } from '../../test/test-app';

// The chat path reads its rows from per-process caches that the database's triggers invalidate
// (decision 009). A column the chat reads but whose change fires no trigger would be served stale
// for as long as the process runs. This test holds the two lists together: every column of every
// row the chat context caches must be covered by its table's `*_cache_invalidation` trigger.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const allColumns = (table: PgTable) => Object.keys(getTableColumns(table)).map(snake);

/** Table → the columns the chat path reads from its cached rows, and the events that must invalidate. */
const readByChat: Array<{ table: string; columns: string[]; events: string[] }> = [
  // ChatChatbot: the chatbot columns of the chat context (chatbots.repo.ts `chatColumns`).
  { table: 'chatbots', columns: Object.keys(chatColumns).map(snake), events: ['UPDATE', 'DELETE'] },
  // Another member's and a visitor's chat use the approved version and the chatbot's groups (issue 23).
  { table: 'chatbot_releases', columns: allColumns(chatbotReleases), events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'chatbot_member_groups', columns: allColumns(chatbotMemberGroups), events: ['INSERT', 'UPDATE', 'DELETE'] },
  // The developer API's key (issue 28): what `/v1` checks on every request.
  { table: 'api_keys', columns: ['tenant_id', 'id', 'member_id', 'secret_hash', 'chatbot_ids', 'expires_at'], events: ['UPDATE', 'DELETE'] },
  // Which built-in tools a member's groups may use (decision 050).
  { table: 'tool_group_access', columns: allColumns(toolGroupAccess), events: ['INSERT', 'UPDATE', 'DELETE'] },
  // The chatbot's or picked model: the whole row.
  { table: 'llm_models', columns: allColumns(llmModels), events: ['UPDATE', 'DELETE'] },
  // The acting member (request context) and the tenant: whole rows.
  { table: 'members', columns: allColumns(members), events: ['UPDATE', 'DELETE'] },
  { table: 'tenants', columns: allColumns(tenants), events: ['UPDATE', 'DELETE'] },
  // A member's budget includes their credit grants (issue 24).
  { table: 'credit_grants', columns: allColumns(creditGrants), events: ['INSERT', 'UPDATE', 'DELETE'] },
  // The credits' group quota.
  { table: 'member_groups', columns: allColumns(memberGroups), events: ['UPDATE', 'DELETE'] },
  // The model-access profile: a member's groups and the groups' denied models, rows come and go.
  { table: 'member_group_memberships', columns: allColumns(memberGroupMemberships), events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'llm_model_group_access', columns: allColumns(llmModelGroupAccess), events: ['INSERT', 'UPDATE', 'DELETE'] },
];

async function uncovered(): Promise<string[]> {
  const db = t.database.db;
  const triggers = await queryRows<{ table: string; name: string; event: string }>(
    db,
    sql`select event_object_table as "table", trigger_name as name, event_manipulation as event
      from information_schema.triggers where trigger_name like '%cache_invalidation'`,
  );
  const limited = await queryRows<{ table: string; name: string; column: string }>(
    db,
    sql`select event_object_table as "table", trigger_name as name, event_object_column as "column"
      from information_schema.triggered_update_columns where trigger_name like '%cache_invalidation'`,
  );
  const missing: string[] = [];
  for (const { table, columns, events } of readByChat) {
    const own = triggers.filter((r) => r.table === table);
    for (const event of events) if (!own.some((r) => r.event === event)) missing.push(`${table}: no trigger on ${event}`);
    // An UPDATE trigger with a column list fires only for those columns; without one, for all.
    const listed = limited.filter((r) => r.table === table).map((r) => r.column);
    if (listed.length === 0) continue;
    for (const c of columns) if (!listed.includes(c)) missing.push(`${table}.${c} is read by the chat but its change invalidates nothing`);
  }
  return missing;
}

describe('cache invalidation covers what the chat reads', () => {
  it("every cached column of the chat context is covered by its table's invalidation trigger", async () => {
    expect(await uncovered()).toEqual([]);
  });

  it('fails when a trigger leaves out a column the chat reads', async () => {
    const db = t.database.db;
    const [def] = await queryRows<{ def: string }>(
      db,
      sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'chatbots_cache_invalidation'`,
    );
    await db.execute(sql`drop trigger chatbots_cache_invalidation on chatbots`);
    try {
      await db.execute(sql.raw(def!.def.replace(/top_p, /, '')));
      expect(await uncovered()).toEqual(['chatbots.top_p is read by the chat but its change invalidates nothing']);
      await db.execute(sql`drop trigger chatbots_cache_invalidation on chatbots`);
      await db.execute(sql.raw(def!.def.replace(/ OF [^]*? OR DELETE/, ' OR DELETE').replace(/UPDATE OF [^]*? ON/, 'UPDATE ON')));
      expect(await uncovered()).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger if exists chatbots_cache_invalidation on chatbots`);
      await db.execute(sql.raw(def!.def));
    }
    expect(await uncovered()).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';
import { type Database, queryRows, statement } from './client';
import { APP_ROLE, asOwner, withTenant } from './tenant-scope';

// Issue 22 §1: row-level security as the second wall. The app's own connection
// (`built.database`) runs as a non-owner role; queries below deliberately forget their tenant
// filter and must still see only the rows of the scope they run in.

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.built.database;
});
afterAll(() => t.close());

/** Why a statement failed: drizzle wraps the driver's error. */
const failure = (p: Promise<unknown>) => p.then(
  () => 'succeeded',
  (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
);
const emails = (rows: Array<{ email: string }>) => rows.map((r) => r.email).sort();
const unfiltered = statement('test_rls_unfiltered_members', 'select email, tenant_id from members order by email');

describe('row-level security', () => {
  it('every table with a tenant_id has row-level security and the tenant policy', async () => {
    const rows = await queryRows<{ table: string; rls: boolean; policies: string[] }>(
      t.database.owner,
      sql`select c.relname as "table", c.relrowsecurity as rls,
                 coalesce((select array_agg(p.polname::text) from pg_policy p where p.polrelid = c.oid), '{}') as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.filter((r) => !r.rls || !r.policies.includes('tenant_isolation')).map((r) => r.table)).toEqual([]);
  });

  it('the app connects as a role that owns nothing, is no superuser and cannot bypass row-level security', async () => {
    const [who] = await queryRows<{ user: string }>(app.db, sql`select current_user as "user"`);
    expect(who!.user).toBe(APP_ROLE);
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owns: number }>(
      t.database.owner,
      sql`select rolsuper, rolbypassrls, (select count(*)::int from pg_class c where c.relowner = r.oid) as owns from pg_roles r where rolname = ${APP_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owns: 0 });
  });

  it('a query that forgets its tenant filter sees only the scope’s tenant, and nothing outside a scope', async () => {
    const all = emails(await queryRows(t.database.owner, sql`select email from members`));
    expect(all).toEqual(expect.arrayContaining([t.a.member.email, t.b.member.email]));

    const inA = await withTenant(t.a.id, () => queryRows<{ email: string; tenant_id: number }>(app.db, sql`select email, tenant_id from members`));
    expect(inA.length).toBeGreaterThan(0);
    expect(new Set(inA.map((r) => r.tenant_id))).toEqual(new Set([t.a.id]));
    const inB = await withTenant(t.b.id, () => queryRows<{ email: string; tenant_id: number }>(app.db, sql`select email, tenant_id from members`));
    expect(new Set(inB.map((r) => r.tenant_id))).toEqual(new Set([t.b.id]));
    expect(inA.length + inB.length).toBe(all.length);

    expect(await queryRows(app.db, sql`select email from members`)).toEqual([]);
    expect(await queryRows(app.db, sql`select * from chat_sessions`)).toEqual([]);
    // The scope ended with its transaction: a pooled connection does not carry it on.
    await withTenant(t.a.id, () => queryRows(app.db, sql`select 1`));
    expect(await queryRows(app.db, sql`select email from members`)).toEqual([]);
  });

  it('the hot-path statements (prepared, batched) are scoped the same way', async () => {
    const a = await withTenant(t.a.id, () => app.raw<{ tenant_id: number }>(unfiltered, []));
    expect(a.length).toBeGreaterThan(0);
    expect(new Set(a.map((r) => r.tenant_id))).toEqual(new Set([t.a.id]));
    const [first, second] = await withTenant(t.b.id, () => app.rawMany([{ statement: unfiltered, params: [] }, { statement: unfiltered, params: [] }]));
    expect(new Set((first as Array<{ tenant_id: number }>).map((r) => r.tenant_id))).toEqual(new Set([t.b.id]));
    expect(second).toEqual(first);
    expect(await app.raw(unfiltered, [])).toEqual([]);
    expect((await asOwner(() => app.raw(unfiltered, []))).length).toBe(a.length + (first as unknown[]).length);
  });

  it('a transaction keeps its scope for every statement in it', async () => {
    const seen = await withTenant(t.a.id, () =>
      app.db.transaction(async (tx) => {
        const one = await queryRows<{ tenant_id: number }>(tx, sql`select tenant_id from members`);
        const two = await queryRows<{ tenant_id: number }>(tx, sql`select tenant_id from member_groups`);
        return [...one, ...two].map((r) => r.tenant_id);
      }),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([t.a.id]));
  });

  it('writes that forget the filter change only the scope’s rows, and a row for another tenant is refused', async () => {
    const before = await queryRows<{ name: string }>(t.database.owner, sql`select name from members where tenant_id = ${t.b.id} order by id`);
    const updated = await withTenant(t.a.id, () => queryRows<{ tenant_id: number }>(app.db, sql`update members set name = name returning tenant_id`));
    expect(new Set(updated.map((r) => r.tenant_id))).toEqual(new Set([t.a.id]));
    expect(await queryRows(t.database.owner, sql`select name from members where tenant_id = ${t.b.id} order by id`)).toEqual(before);

    expect(await failure(withTenant(t.a.id, async () => await app.db.execute(sql`insert into member_groups (tenant_id, ko_name, en_name, is_default) values (${t.b.id}, '침입', 'Intruder', false)`)))).toMatch(
      /row-level security/,
    );
    expect(await failure(withTenant(t.a.id, async () => await app.db.execute(sql`update members set tenant_id = ${t.b.id} where id = ${t.a.other.id}`))))
      .toMatch(/row-level security|foreign key/);
    const deleted = await withTenant(t.a.id, () => queryRows(app.db, sql`delete from chat_sessions where tenant_id = ${t.b.id} returning id`));
    expect(deleted).toEqual([]);
  });

  it('requests run in their tenant’s scope: each tenant’s member reads their own profile through the app', async () => {
    for (const tenant of [t.a, t.b]) {
      const token = await t.signIn(tenant, tenant.member.email);
      const res = await t.call(tenant, token, { method: 'GET', url: `/api/members/${tenant.member.id}/` });
      expect(res.statusCode).toBe(200);
      expect(res.json().email).toBe(tenant.member.email);
    }
  });
});

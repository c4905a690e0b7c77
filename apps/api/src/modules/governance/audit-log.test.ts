import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TARGET_TYPES, type AuditEntry } from '@app/contracts/audit-log';
import { queryRows } from '../../db/client';
import { withTenant } from '../../db/tenant-scope';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Issue 26 §5: every admin change is recorded (who, when, what, before and after) in the same
// transaction as the change; only the tenant's admins read it; nobody edits or deletes it.

let t: TestApp;
let admin: string;
let bAdmin: string;
let member: string;
beforeAll(async () => {
  // A model to change access to; nothing calls it.
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: 'http://127.0.0.1:9/v1', models: ['audited-model'] } } });
  admin = await t.signIn(t.a, t.a.admin.email);
  bAdmin = await t.signIn(t.b, t.b.admin.email);
  member = await t.signIn(t.a, t.a.member.email);
});
afterAll(() => t.close());

const log = async (token: string, query = '') => {
  const res = await t.call(t.a, token, { method: 'GET', url: `/api/admin/audit-log/${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: AuditEntry[]; pagination: { total_items: number } };
};
const latest = async (n = 1) => (await log(admin, `?size=${n}`)).items;

describe('audit log', () => {
  it('the tables with the audit trigger are exactly the contract’s target types (the console’s filter)', async () => {
    const rows = await queryRows<{ table: string }>(
      t.database.owner,
      sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'audit' and not g.tgisinternal order by 1`,
    );
    expect(rows.map((r) => r.table)).toEqual([...AUDIT_TARGET_TYPES].sort());
  });

  it('records an admin’s change of a member with who, the route and the changed values only', async () => {
    const res = await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/members/${t.a.other.id}/`, payload: { name: 'Renamed Other', custom_credit_limit: 250 } });
    expect(res.statusCode).toBe(200);
    const [entry] = await latest();
    expect(entry).toMatchObject({
      actor: { id: t.a.admin.id, email: t.a.admin.email },
      action: 'PATCH /api/admin/members/:id/',
      target_type: 'members',
      operation: 'update',
      target_id: String(t.a.other.id),
      before: { name: 'Other' },
      after: { name: 'Renamed Other' },
    });
    expect(Object.keys(entry!.after!)).toEqual(expect.arrayContaining(['name']));
    expect(Object.keys(entry!.after!)).not.toContain('email');
    expect(Date.now() - Date.parse(entry!.created_at)).toBeLessThan(60_000);
  });

  it('records groups created, changed and deleted, model access, announcements, settings and restricted words', async () => {
    const before = (await log(admin)).pagination.total_items;
    const group = (await t.call(t.a, admin, { method: 'POST', url: '/api/admin/member-groups/', payload: { ko_name: '감사팀', en_name: 'Audit team', member_credit_quota: 10 } })).json();
    await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/member-groups/${group.id}/`, payload: { en_name: 'Audit team 2' } });
    await t.call(t.a, admin, { method: 'DELETE', url: `/api/admin/member-groups/${group.id}/` });
    const models = (await t.call(t.a, admin, { method: 'GET', url: '/api/admin/llm-models/' })).json();
    const modelId = models.items[0].id;
    expect((await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/llm-models/${modelId}/member-groups/${t.a.defaultGroupId}/`, payload: { is_available: false } })).statusCode).toBe(200);
    const ann = (await t.call(t.a, admin, { method: 'POST', url: '/api/admin/announcements/', payload: { title: 'Audit', content: 'Body', location: 'dashboard', is_active: false } })).json();
    await t.call(t.a, admin, { method: 'DELETE', url: `/api/admin/announcements/${ann.id}/` });
    expect((await t.call(t.a, admin, { method: 'PATCH', url: '/api/admin/sign-up-settings/', payload: { auto_approve: true } })).statusCode).toBe(200);
    expect((await t.call(t.a, admin, { method: 'POST', url: '/api/admin/restricted-words/', payload: { restricted_words: ['secret'], block_personal_info: false, mask_personal_info: true } })).statusCode).toBe(200);

    const { items, pagination } = await log(admin, '?size=100');
    const fresh = items.slice(0, pagination.total_items - before);
    const seen = fresh.map((e) => `${e.operation} ${e.target_type}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'insert member_groups',
        'update member_groups',
        'delete member_groups',
        'insert llm_model_group_access',
        'insert announcements',
        'delete announcements',
        'update tenants',
        'insert governance_settings',
      ]),
    );
    const renamed = fresh.find((e) => e.operation === 'update' && e.target_type === 'member_groups')!;
    expect(renamed).toMatchObject({ before: { en_name: 'Audit team' }, after: { en_name: 'Audit team 2' }, action: 'PATCH /api/admin/member-groups/:id/' });
    const deleted = fresh.find((e) => e.operation === 'delete' && e.target_type === 'member_groups')!;
    expect(deleted.before).toMatchObject({ en_name: 'Audit team 2' });
    expect(deleted.after).toBeNull();
    expect(fresh.find((e) => e.target_type === 'tenants')).toMatchObject({ before: { auto_approve: false }, after: { auto_approve: true } });
    expect(fresh.find((e) => e.target_type === 'governance_settings')!.after).toMatchObject({ restricted_words: ['secret'], mask_personal_info: true });

    // Filters.
    const onlyGroups = await log(admin, '?target_type=member_groups&operation=delete');
    expect(onlyGroups.items.every((e) => e.target_type === 'member_groups' && e.operation === 'delete')).toBe(true);
    expect(onlyGroups.items.length).toBeGreaterThan(0);
    expect((await log(admin, `?actor_id=${t.a.member.id}`)).items).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(admin, `?from=${today}&to=${today}`)).pagination.total_items).toBe(pagination.total_items);
    expect((await log(admin, '?from=2000-01-01&to=2000-01-02')).items).toEqual([]);
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/audit-log/?from=2020-02-02&to=2020-01-01' })).statusCode).toBe(422);
    // Days are the reader's: the newest entry is on a different date at UTC+14 and at UTC−11.
    const dayIn = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const [east, west] = [dayIn('Pacific/Kiritimati'), dayIn('Pacific/Pago_Pago')];
    const newest = (await latest())[0]!.id;
    const ids = async (q: string) => (await log(admin, q)).items.map((e) => e.id);
    expect(await ids(`?from=${east}&to=${east}&tz=Pacific/Kiritimati`)).toContain(newest);
    expect(await ids(`?from=${west}&to=${west}&tz=Pacific/Pago_Pago`)).toContain(newest);
    expect(await ids(`?from=${west}&to=${west}&tz=Pacific/Kiritimati`)).not.toContain(newest);
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/audit-log/?from=2020-01-01&tz=Mars/Olympus' })).statusCode).toBe(422);
  });

  it('records publishing decisions and the store’s categories (issue 23’s admin routes)', async () => {
    // A member's chatbot (made in the database: an earlier test took this tenant's model away from the group).
    const [model] = await queryRows<{ id: number }>(t.database.owner, sql`select id from llm_models where tenant_id = ${t.a.id} order by id limit 1`);
    const [bot] = await queryRows<{ id: number }>(
      t.database.owner,
      sql`insert into chatbots (tenant_id, hash_id, creator_id, llm_model_id, ko_name, en_name) values (${t.a.id}, ${`audit-${Date.now()}`}, ${t.a.member.id}, ${model!.id}, '감사', 'Audited bot') returning id`,
    );
    const id = bot!.id;
    const asked = await t.call(t.a, member, { method: 'PATCH', url: `/api/chatbots/${id}/access/`, payload: { is_public: true, member_group_ids: [t.a.defaultGroupId] } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await t.call(t.a, admin, { method: 'POST', url: `/api/admin/chatbots/${id}/process-publish-request/`, payload: { approve: true } })).statusCode).toBe(200);
    const decided = (await log(admin, '?target_type=chatbots')).items.find((e) => e.target_id.endsWith(String(id)));
    expect(decided).toMatchObject({ actor_id: t.a.admin.id, action: 'POST /api/admin/chatbots/:id/process-publish-request/', operation: 'update' });
    expect(decided!.after).toMatchObject({ is_public: true, waiting_publish: false });
    const created = await t.call(t.a, admin, { method: 'POST', url: '/api/admin/categories/', payload: { ko_name: '감사 분류', en_name: 'Audited category' } });
    const [entry] = await latest();
    expect(entry).toMatchObject({ target_type: 'categories', operation: 'insert', action: 'POST /api/admin/categories/', actor_id: t.a.admin.id });
    expect(entry!.after).toMatchObject({ en_name: 'Audited category' });
    await t.call(t.a, admin, { method: 'DELETE', url: `/api/admin/categories/${created.json().id}/` });
    expect((await latest())[0]).toMatchObject({ target_type: 'categories', operation: 'delete' });
  });

  it('names what entries refer to by id: the changed row, members, groups and models in the values; a deleted row has none', async () => {
    const group = (await t.call(t.a, admin, { method: 'POST', url: '/api/admin/member-groups/', payload: { ko_name: '이름팀', en_name: 'Names team' } })).json();
    expect((await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/members/${t.a.other.id}/`, payload: { member_group_ids: [group.id] } })).statusCode).toBe(200);
    const models = (await t.call(t.a, admin, { method: 'GET', url: '/api/admin/llm-models/' })).json();
    const model = models.items[0] as { id: number; display_name: string };
    expect((await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/llm-models/${model.id}/member-groups/${group.id}/`, payload: { is_available: false } })).statusCode).toBe(200);
    const gone = (await t.call(t.a, admin, { method: 'POST', url: '/api/admin/member-groups/', payload: { ko_name: '사라질팀', en_name: 'Gone team' } })).json();
    await t.call(t.a, admin, { method: 'DELETE', url: `/api/admin/member-groups/${gone.id}/` });

    const res = await t.call(t.a, admin, { method: 'GET', url: '/api/admin/audit-log/?size=10' });
    const body = res.json() as { items: AuditEntry[]; names: Record<string, { ko: string; en: string }> };
    const membership = body.items.find((e) => e.target_type === 'member_group_memberships' && e.operation === 'insert' && e.target_id === `${t.a.other.id}:${group.id}`);
    expect(membership).toBeDefined();
    expect(body.names[`members:${t.a.other.id}`]).toEqual({ ko: expect.any(String), en: expect.any(String) });
    expect(body.names[`members:${t.a.other.id}`]!.en).toBe(body.names[`members:${t.a.other.id}`]!.ko);
    expect(body.names[`member_groups:${group.id}`]).toEqual({ ko: '이름팀', en: 'Names team' });
    expect(body.items.some((e) => e.target_type === 'llm_model_group_access' && e.target_id === `${model.id}:${group.id}`)).toBe(true);
    expect(body.names[`llm_models:${model.id}`]).toEqual({ ko: model.display_name, en: model.display_name });
    // The deleted group is named by its own recorded values, not by the lookup.
    expect(body.items.some((e) => e.target_type === 'member_groups' && e.operation === 'delete' && e.target_id === String(gone.id))).toBe(true);
    expect(body.names[`member_groups:${gone.id}`]).toBeUndefined();
    // Another tenant's rows are never named.
    const other = (await t.call(t.b, bAdmin, { method: 'GET', url: '/api/admin/audit-log/?size=50' })).json() as { names: Record<string, unknown> };
    expect(other.names[`member_groups:${group.id}`]).toBeUndefined();
  });

  it('the actor filter lists everyone with an entry, still listed once they are no longer admin', async () => {
    const actors = async () => (await t.call(t.a, admin, { method: 'GET', url: '/api/admin/audit-log/actors/' })).json().items as Array<{ id: number; is_admin: boolean }>;
    expect((await actors()).map((a) => a.id)).toContain(t.a.admin.id);
    expect((await actors()).map((a) => a.id)).not.toContain(t.a.other.id);
    // `other` becomes an admin, changes something, and is demoted again: still a listed actor.
    await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/members/${t.a.other.id}/`, payload: { is_admin: true } });
    const otherToken = await t.signIn(t.a, t.a.other.email);
    await t.call(t.a, otherToken, { method: 'POST', url: '/api/admin/announcements/', payload: { title: 'By other', content: 'x', location: 'auth', is_active: false } });
    await t.call(t.a, admin, { method: 'PATCH', url: `/api/admin/members/${t.a.other.id}/`, payload: { is_admin: false } });
    expect((await actors()).find((a) => a.id === t.a.other.id)).toMatchObject({ is_admin: false });
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/audit-log/actors/' })).statusCode).toBe(403);
    expect((await t.call(t.b, bAdmin, { method: 'GET', url: '/api/admin/audit-log/actors/' })).json().items.map((a: { id: number }) => a.id)).not.toContain(t.a.admin.id);
  });

  it('a member’s own change is not an admin change; secrets never reach the log', async () => {
    const before = (await log(admin)).pagination.total_items;
    expect((await t.call(t.a, member, { method: 'PATCH', url: `/api/members/${t.a.member.id}/`, payload: { name: 'Self renamed' } })).statusCode).toBe(200);
    expect((await log(admin)).pagination.total_items).toBe(before);
    const all = await queryRows<{ before: unknown; after: unknown }>(t.database.owner, sql`select before, after from audit_log`);
    expect(JSON.stringify(all)).not.toMatch(/password_hash|\$argon2|token_version/);
  });

  it('is written in the same transaction as the change: a change rolled back leaves no entry', async () => {
    const count = async () => Number((await queryRows<{ n: string }>(t.database.owner, sql`select count(*)::text as n from audit_log where tenant_id = ${t.a.id}`))[0]!.n);
    const before = await count();
    await expect(
      withTenant(
        t.a.id,
        () =>
          t.built.database.db.transaction(async (tx) => {
            await tx.execute(sql`update member_groups set en_name = 'Rolled back' where tenant_id = ${t.a.id} and id = ${t.a.defaultGroupId}`);
            throw new Error('abort');
          }),
        { memberId: t.a.admin.id, action: 'TEST' },
      ),
    ).rejects.toThrow('abort');
    expect(await count()).toBe(before);
  });

  it('only the tenant’s admins read it; it cannot be changed or deleted, not even by the app’s own connection', async () => {
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/audit-log/' })).statusCode).toBe(403);
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/admin/audit-log/' })).statusCode).toBe(401);
    const other = await t.call(t.b, bAdmin, { method: 'GET', url: '/api/admin/audit-log/' });
    expect(other.statusCode).toBe(200);
    expect(JSON.stringify(other.json())).not.toMatch(/Renamed Other|Audit team/);
    for (const method of ['PATCH', 'DELETE', 'PUT', 'POST'] as const) {
      expect((await t.call(t.a, admin, { method, url: '/api/admin/audit-log/', payload: {} })).statusCode).toBe(404);
    }
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => 'succeeded',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await failure(withTenant(t.a.id, async () => await t.built.database.db.execute(sql`update audit_log set action = 'forged'`)))).toMatch(/permission denied/);
    expect(await failure(withTenant(t.a.id, async () => await t.built.database.db.execute(sql`delete from audit_log`)))).toMatch(/permission denied/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let member: string;
let bAdmin: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, member, bAdmin] = await Promise.all([t.signIn(t.a, t.a.admin.email), t.signIn(t.a, t.a.member.email), t.signIn(t.b, t.b.admin.email)]);
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, token = admin, tenant = () => t.a) =>
  t.call(tenant(), token, { method: 'POST', url: '/api/admin/announcements/', payload });
const patch = (id: number, payload: Record<string, unknown>, token = admin, tenant = () => t.a) =>
  t.call(tenant(), token, { method: 'PATCH', url: `/api/admin/announcements/${id}/`, payload });
const list = async (qs = '', token = admin, tenant = () => t.a) => (await t.call(tenant(), token, { method: 'GET', url: `/api/admin/announcements/${qs}` })).json();
const active = async (token = member, tenant = () => t.a) => (await t.call(tenant(), token, { method: 'GET', url: '/api/announcements/active/' })).json();

describe('admin announcements', () => {
  it('creates with defaults (active) and trims title and content', async () => {
    const res = await create({ title: '  Welcome  ', content: '  **Hello** members  ', location: 'dashboard' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Welcome', content: '**Hello** members', location: 'dashboard', is_active: true });
    expect(res.json().updated_at).toEqual(expect.any(String));
  });

  it('validation codes for title, content and location (422)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '   ', content: 'x', location: 'auth' }, 'announcement_title_required'],
      [{ content: 'x', location: 'auth' }, 'announcement_title_required'],
      [{ title: 'x', content: ' \n ', location: 'auth' }, 'announcement_content_required'],
      [{ title: 'x', location: 'auth' }, 'announcement_content_required'],
      [{ title: 'x', content: 'x' }, 'announcement_location_required'],
      [{ title: 'x', content: 'x', location: 'sidebar' }, 'announcement_location_required'],
    ];
    for (const [payload, code] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.code, JSON.stringify(payload)).toBe(code);
    }
    const created = (await create({ title: 'Valid', content: 'Body', location: 'auth', is_active: false })).json();
    const bad = await patch(created.id, { title: '  ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('announcement_title_required');
  });

  it('activating one deactivates the other at its location only', async () => {
    const a1 = (await create({ title: 'Auth one', content: 'First', location: 'auth' })).json();
    const d1 = (await create({ title: 'Dash one', content: 'Dash', location: 'dashboard' })).json();
    const a2 = (await create({ title: 'Auth two', content: 'Second', location: 'auth', is_active: false })).json();
    expect((await active()).auth.id).toBe(a1.id);
    const res = await patch(a2.id, { is_active: true });
    expect(res.statusCode).toBe(200);
    const now = await active();
    expect(now.auth.id).toBe(a2.id);
    expect(now.dashboard.id).toBe(d1.id);
    const items = (await list('?size=100')).items as Array<{ id: number; is_active: boolean }>;
    expect(items.find((i) => i.id === a1.id)!.is_active).toBe(false);
    // Moving an active announcement to the other location takes that location over.
    await patch(a2.id, { location: 'dashboard' });
    const moved = await active();
    expect(moved.dashboard.id).toBe(a2.id);
    expect(moved.auth).toBeNull();
  });

  it('two concurrent activations at one location leave exactly one active', async () => {
    const x = (await create({ title: 'X', content: 'x', location: 'auth', is_active: false })).json();
    const y = (await create({ title: 'Y', content: 'y', location: 'auth', is_active: false })).json();
    const [rx, ry] = await Promise.all([patch(x.id, { is_active: true }), patch(y.id, { is_active: true })]);
    expect([rx.statusCode, ry.statusCode]).toEqual([200, 200]);
    const items = (await list('?size=100')).items as Array<{ location: string; is_active: boolean }>;
    expect(items.filter((i) => i.location === 'auth' && i.is_active)).toHaveLength(1);
    const concurrentCreates = await Promise.all(Array.from({ length: 4 }, (_, i) => create({ title: `C${i}`, content: 'c', location: 'auth' })));
    expect(concurrentCreates.every((r) => r.statusCode === 201)).toBe(true);
    const after = (await list('?size=100')).items as Array<{ location: string; is_active: boolean }>;
    expect(after.filter((i) => i.location === 'auth' && i.is_active)).toHaveLength(1);
  });

  it('paginates 10 per page by default with total and total_pages, newest first', async () => {
    const first = await list();
    const total = first.pagination.total_items;
    expect(total).toBeGreaterThan(10);
    expect(first.items).toHaveLength(10);
    expect(first.pagination).toMatchObject({ page: 1, page_size: 10, total_pages: Math.ceil(total / 10) });
    const last = await list(`?page=${first.pagination.total_pages}`);
    expect(last.items).toHaveLength(total - 10 * (first.pagination.total_pages - 1));
    expect(Date.parse(first.items[0].created_at)).toBeGreaterThanOrEqual(Date.parse(first.items[9].created_at));
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/announcements/?page=0' })).statusCode).toBe(422);
  });

  it('deletes; a missing id is 404', async () => {
    const x = (await create({ title: 'Delete me', content: 'x', location: 'dashboard', is_active: false })).json();
    expect((await t.call(t.a, admin, { method: 'DELETE', url: `/api/admin/announcements/${x.id}/` })).statusCode).toBe(200);
    expect((await t.call(t.a, admin, { method: 'DELETE', url: `/api/admin/announcements/${x.id}/` })).statusCode).toBe(404);
    expect((await patch(x.id, { title: 'gone' })).statusCode).toBe(404);
  });
});

describe('permissions and tenancy', () => {
  it('a member gets 403 with the §8 message on every /admin route; no token is 401', async () => {
    const x = (await create({ title: 'Member cannot', content: 'x', location: 'auth', is_active: false })).json();
    const calls = [
      { method: 'GET' as const, url: '/api/admin/announcements/' },
      { method: 'POST' as const, url: '/api/admin/announcements/', payload: { title: 'a', content: 'b', location: 'auth' } },
      { method: 'PATCH' as const, url: `/api/admin/announcements/${x.id}/`, payload: { title: 'a' } },
      { method: 'DELETE' as const, url: `/api/admin/announcements/${x.id}/` },
    ];
    for (const c of calls) {
      const res = await t.call(t.a, member, c);
      expect(res.statusCode, c.method).toBe(403);
      expect(res.json().error.message).toBe('Access permission required; contact the administrator');
      expect((await t.call(t.a, null, c)).statusCode).toBe(401);
    }
  });

  it("another tenant's admin can neither see nor change them", async () => {
    const x = (await create({ title: 'Tenant A only', content: 'secret', location: 'dashboard' })).json();
    const bList = await list('?size=100', bAdmin, () => t.b);
    expect(bList.items.some((i: { id: number }) => i.id === x.id)).toBe(false);
    expect((await patch(x.id, { title: 'hijack' }, bAdmin, () => t.b)).statusCode).toBe(404);
    expect((await t.call(t.b, bAdmin, { method: 'DELETE', url: `/api/admin/announcements/${x.id}/` })).statusCode).toBe(404);
    // Tenant A's token with tenant B's header is refused outright.
    expect((await t.call(t.b, admin, { method: 'GET', url: '/api/admin/announcements/' })).statusCode).toBe(401);
    const bActive = await active(await t.signIn(t.b, t.b.member.email), () => t.b);
    expect(bActive).toEqual({ auth: null, dashboard: null });
    expect((await list('?size=100')).items.find((i: { id: number }) => i.id === x.id).title).toBe('Tenant A only');
  });

  it('GET /announcements/latest/?location=auth answers without a token, per tenant', async () => {
    const x = (await create({ title: 'Sign-in notice', content: 'Maintenance tonight', location: 'auth' })).json();
    const res = await t.call(t.a, null, { method: 'GET', url: '/api/announcements/latest/?location=auth' });
    expect(res.statusCode).toBe(200);
    expect(res.json().announcement).toMatchObject({ id: x.id, title: 'Sign-in notice' });
    const b = await t.call(t.b, null, { method: 'GET', url: '/api/announcements/latest/?location=auth' });
    expect(b.json()).toEqual({ announcement: null });
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/announcements/latest/?location=nowhere' })).statusCode).toBe(422);
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/announcements/active/' })).statusCode).toBe(401);
  });
});

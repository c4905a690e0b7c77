import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let member: string;
let bAdmin: string;
const version = (JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, member, bAdmin] = await Promise.all([t.signIn(t.a, t.a.admin.email), t.signIn(t.a, t.a.member.email), t.signIn(t.b, t.b.admin.email)]);
});
afterAll(() => t.close());

describe("release notes (What's new)", () => {
  it("gives the running release's notes in ko and en, unseen until the admin closes them, per admin and per tenant", async () => {
    const first = await t.call(t.a, admin, { method: 'GET', url: '/api/admin/release-notes/' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ version, seen: false });
    expect(body.notes.ko).toContain('대화 제목');
    expect(body.notes.en).toContain('Session titles');
    const seen = await t.call(t.a, admin, { method: 'POST', url: '/api/admin/release-notes/seen/' });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ version, seen: true });
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/release-notes/' })).json().seen).toBe(true);
    // Another tenant's admin has not seen them.
    expect((await t.call(t.b, bAdmin, { method: 'GET', url: '/api/admin/release-notes/' })).json().seen).toBe(false);
    // The seen mark is the running release's: an older mark counts as unseen.
    await t.database.db.update(members).set({ releaseNotesSeenVersion: '0.0.1' }).where(and(eq(members.tenantId, t.a.id), eq(members.id, t.a.admin.id)));
    await t.settle();
    expect((await t.call(t.a, admin, { method: 'GET', url: '/api/admin/release-notes/' })).json().seen).toBe(false);
  });

  it('is for admins only: a member gets 403, no token 401, a token of another tenant 401', async () => {
    expect((await t.call(t.a, member, { method: 'GET', url: '/api/admin/release-notes/' })).statusCode).toBe(403);
    expect((await t.call(t.a, member, { method: 'POST', url: '/api/admin/release-notes/seen/' })).statusCode).toBe(403);
    expect((await t.call(t.a, null, { method: 'GET', url: '/api/admin/release-notes/' })).statusCode).toBe(401);
    expect((await t.call(t.a, bAdmin, { method: 'POST', url: '/api/admin/release-notes/seen/' })).statusCode).toBe(401);
  });
});

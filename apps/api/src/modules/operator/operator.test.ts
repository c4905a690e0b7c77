import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { PASSWORD, buildTestApp, type TestApp } from '../../test/test-app';

/** The operator API (issue 30 item 5, decision 040). */
const KEY = 'operator-key-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ config: { operatorApiKey: KEY } });
});
afterAll(async () => {
  await t?.close();
});

type Opts = { method?: 'GET' | 'POST' | 'PATCH'; payload?: unknown; key?: string | null; headers?: Record<string, string> };
const op = (url: string, o: Opts = {}) =>
  t.app.inject({ method: o.method ?? 'GET', url, ...(o.payload !== undefined && { payload: o.payload as object }), headers: { ...(o.key !== null && { 'x-operator-key': o.key ?? KEY }), ...o.headers } });

describe('operator API', () => {
  it('refuses without the key, with a wrong key and with a tenant administrator’s token (401, nothing changed)', async () => {
    const admin = await t.signIn(t.a, t.a.admin.email);
    const attempts = [{ key: null }, { key: 'wrong' }, { key: `${KEY}x` }, { key: null, headers: { 'x-access-token': admin, 'x-tenant-subdomain': t.a.subdomain } }];
    for (const a of attempts) {
      for (const [method, url, payload] of [
        ['GET', '/api/operator/tenants/'],
        ['POST', '/api/operator/tenants/', { subdomain: 'sneaky', ko_name: 'x', en_name: 'x' }],
        ['PATCH', `/api/operator/tenants/${t.a.id}/`, { ko_name: 'hijacked' }],
        ['POST', `/api/operator/tenants/${t.a.id}/disable/`],
      ] as const) {
        const res = await op(url, { method, payload, ...a });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(a)}`).toBe(401);
        expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
      }
    }
    const list = (await op('/api/operator/tenants/')).json() as { items: { subdomain: string; ko_name: string; disabled_at: string | null }[] };
    expect(list.items.map((i) => i.subdomain)).toEqual(['acme', 'globex']);
    expect(list.items[0]).toMatchObject({ ko_name: 'acme 코', disabled_at: null });
  });

  it('creates a tenant (with its first admin, a generated password shown once), lists and updates it', async () => {
    const created = await op('/api/operator/tenants/', {
      method: 'POST',
      payload: { subdomain: 'initech', ko_name: '이니텍', en_name: 'Initech', max_members: 20, credit_pool: 5000, plan_kind: 'enterprise', admin: { email: 'Boss@Initech.test' } },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json() as { tenant: { id: number }; admin_password: string };
    expect(body.tenant).toMatchObject({ subdomain: 'initech', ko_name: '이니텍', en_name: 'Initech', logo_url: null, max_members: 20, credit_pool: 5000, plan_kind: 'enterprise', auto_approve: false, disabled_at: null });
    expect(body.admin_password).toMatch(/.{8,}/);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': 'initech' }, payload: { email: 'boss@initech.test', password: body.admin_password } });
    expect(signIn.statusCode).toBe(200);
    // The same service as the seed and the CLI: the tenant has its default group, chatbots and categories.
    const token = (signIn.json() as { access_token: string }).access_token;
    const membership = await t.app.inject({ url: '/api/tenants/membership/', headers: { 'x-tenant-subdomain': 'initech', 'x-access-token': token } });
    expect(membership.json()).toMatchObject({ plan_kind: 'enterprise', max_members: 20, credit: 5000, member_count: 1 });

    expect((await op('/api/operator/tenants/', { method: 'POST', payload: { subdomain: 'initech', ko_name: 'x', en_name: 'x' } })).statusCode).toBe(409);
    expect((await op('/api/operator/tenants/', { method: 'POST', payload: { subdomain: 'Not A Label', ko_name: 'x', en_name: 'x' } })).statusCode).toBe(422);

    const patched = await op(`/api/operator/tenants/${body.tenant.id}/`, {
      method: 'PATCH',
      payload: { ko_name: '이니텍 주식회사', en_name: 'Initech Inc.', logo_url: 'https://cdn.initech.test/logo.png', max_members: null, credit_pool: null, plan_kind: 'team', auto_approve: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ ko_name: '이니텍 주식회사', en_name: 'Initech Inc.', logo_url: 'https://cdn.initech.test/logo.png', max_members: null, credit_pool: null, plan_kind: 'team', auto_approve: true });
    // The tenant's public info reflects it at once (the tenant cache was dropped).
    expect((await t.app.inject({ url: '/api/tenants/', headers: { 'x-tenant-subdomain': 'initech' } })).json()).toEqual({ logo_url: 'https://cdn.initech.test/logo.png', ko_name: '이니텍 주식회사', en_name: 'Initech Inc.' });
    expect((await op(`/api/operator/tenants/${body.tenant.id}/`)).json()).toMatchObject({ subdomain: 'initech', plan_kind: 'team' });
    expect((await op('/api/operator/tenants/999999/')).statusCode).toBe(404);
    expect((await op('/api/operator/tenants/999999/', { method: 'PATCH', payload: { ko_name: 'x' } })).statusCode).toBe(404);
    expect((await op('/api/operator/tenants/')).json().items).toHaveLength(3);
  });

  it('a disabled tenant’s members get 423 on sign-in, refresh and every call; another tenant is unaffected; enabling restores them', async () => {
    const signIn = await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.member.email, password: PASSWORD } });
    const { access_token: token, refresh_token: refresh } = signIn.json() as { access_token: string; refresh_token: string };
    const bToken = await t.signIn(t.b, t.b.member.email);
    const me = (tok: string, tenant = t.a) => t.call(tenant, tok, { method: 'GET', url: `/api/members/${tenant === t.a ? t.a.member.id : t.b.member.id}/` });
    expect((await me(token)).statusCode).toBe(200);

    const disabled = await op(`/api/operator/tenants/${t.a.id}/disable/`, { method: 'POST' });
    expect(disabled.statusCode).toBe(200);
    const at = (disabled.json() as { disabled_at: string }).disabled_at;
    expect(Date.parse(at)).toBeGreaterThan(Date.now() - 60_000);
    // Again: still disabled, since the first time.
    expect((await op(`/api/operator/tenants/${t.a.id}/disable/`, { method: 'POST' })).json()).toMatchObject({ disabled_at: at });

    for (const res of [
      await me(token),
      await t.call(t.a, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.a.member.email, password: PASSWORD } }),
      await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: refresh } }),
      await t.call(t.a, null, { method: 'GET', url: '/api/tenants/' }),
      await t.call(t.a, token, { method: 'GET', url: '/api/chatbots/?include_default=true' }),
    ]) {
      expect(res.statusCode).toBe(423);
      expect(res.json()).toMatchObject({ error: { code: 'not_eligible' } });
    }
    expect((await me(bToken, t.b)).statusCode).toBe(200);
    expect((await t.call(t.b, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email: t.b.admin.email, password: PASSWORD } })).statusCode).toBe(200);

    const enabled = await op(`/api/operator/tenants/${t.a.id}/enable/`, { method: 'POST' });
    expect(enabled.json()).toMatchObject({ disabled_at: null });
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.call(t.a, null, { method: 'POST', url: '/api/auth/refresh/', payload: { refresh_token: refresh } })).statusCode).toBe(200);
  });

  it('without OPERATOR_API_KEY the routes do not exist (404); a disabling reaches another instance’s tenant cache', async () => {
    const bare = await buildApp({ ...t.config, operatorApiKey: null }, { database: t.built.database });
    try {
      const res = await bare.app.inject({ url: '/api/operator/tenants/', headers: { 'x-operator-key': KEY } });
      expect(res.statusCode).toBe(404);
      const doc = (await bare.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/operator/'))).toEqual([]);
      // The other instance has tenant B cached; the tenants trigger's NOTIFY drops it there.
      const signIn = () => bare.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': t.b.subdomain }, payload: { email: t.b.member.email, password: PASSWORD } });
      expect((await signIn()).statusCode).toBe(200);
      await op(`/api/operator/tenants/${t.b.id}/disable/`, { method: 'POST' });
      await bare.caches.sync();
      expect((await signIn()).statusCode).toBe(423);
      await op(`/api/operator/tenants/${t.b.id}/enable/`, { method: 'POST' });
      await bare.caches.sync();
      expect((await signIn()).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

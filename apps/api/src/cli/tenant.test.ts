import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTenantCli } from './tenant';

// The CLI reads its configuration from the environment like `npm start` does.
let dir: string;
const saved = { ...process.env };
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tenant-cli-'));
  process.env.DATA_DIR = dir;
  delete process.env.DATABASE_URL;
  process.env.JWT_SECRET = 'test-secret-for-the-cli';
});
afterAll(() => {
  process.env = saved;
  rmSync(dir, { recursive: true, force: true });
});

async function run(...args: string[]) {
  const lines: string[] = [];
  const code = await runTenantCli(args, (l) => lines.push(l));
  return { code, out: lines.join('\n') };
}

describe('npm run tenant', () => {
  it('creates a tenant with an admin, lists it, and refuses duplicates and bad subdomains', async () => {
    expect((await run('list')).out).toContain('(no tenants)');
    const created = await run('create', '--subdomain', 'acme', '--ko-name', '애크미', '--en-name', 'Acme', '--admin-email', 'boss@acme.test', '--admin-password', 'Adm1n-pass!');
    expect(created.code).toBe(0);
    expect(created.out).toContain('Tenant "acme" created');
    const dup = await run('create', '--subdomain', 'acme', '--ko-name', 'x', '--en-name', 'y');
    expect(dup.code).toBe(1);
    expect(dup.out).toContain('already exists');
    const bad = await run('create', '--subdomain', 'Bad_Name!', '--ko-name', 'x', '--en-name', 'y');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Invalid subdomain');
    const listed = await run('list');
    expect(listed.out.split('\n')).toHaveLength(1);
    expect(listed.out).toContain('acme\t애크미\tAcme');
    expect((await run('nonsense')).code).toBe(2);
  }, 60_000);

  it('the new tenant has its default group, categories, models and default chatbots; its admin signs in', async () => {
    const { loadConfig } = await import('../config');
    const { buildApp } = await import('../app');
    const built = await buildApp({ ...loadConfig(), logLevel: 'silent' });
    try {
      const signIn = await built.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/',
        headers: { 'x-tenant-subdomain': 'acme' },
        payload: { email: 'boss@acme.test', password: 'Adm1n-pass!' },
      });
      expect(signIn.statusCode).toBe(200);
      const { access_token, is_admin, default_member_group_id } = signIn.json();
      expect(is_admin).toBe(true);
      expect(default_member_group_id).toEqual(expect.any(Number));
      const headers = { 'x-tenant-subdomain': 'acme', 'x-access-token': access_token };
      expect((await built.app.inject({ method: 'GET', url: '/api/categories/', headers })).json().items).toHaveLength(6);
      const bots = (await built.app.inject({ method: 'GET', url: '/api/chatbots/?include_default=true', headers })).json();
      expect(bots.items.length).toBeGreaterThan(0);
      expect(bots.items.every((b: { is_default: boolean }) => b.is_default)).toBe(true);
    } finally {
      await built.close();
    }
  }, 60_000);

  it('sets the member maximum and auto-approval, which the sign-up settings and the seat check answer', async () => {
    const set = await run('set', '--subdomain', 'acme', '--max-members', '25', '--auto-approve');
    expect(set.code).toBe(0);
    expect(set.out).toContain('max members 25, sign-ups approved automatically');
    expect((await run('list')).out).toContain('max members 25\tauto-approve');
    expect((await run('set', '--subdomain', 'acme', '--max-members', 'zero')).code).toBe(1);
    expect((await run('set', '--subdomain', 'nope', '--max-members', '3')).code).toBe(1);
    const { loadConfig } = await import('../config');
    const { buildApp } = await import('../app');
    const built = await buildApp({ ...loadConfig(), logLevel: 'silent' });
    try {
      const check = await built.app.inject({ method: 'GET', url: '/api/tenants/member-count-check/', headers: { 'x-tenant-subdomain': 'acme' } });
      expect(check.json()).toEqual({ available: true, member_count: 1, max_members: 25 });
    } finally {
      await built.close();
    }
    expect((await run('set', '--subdomain', 'acme', '--max-members', 'none', '--no-auto-approve')).out).toContain('max members none, sign-ups wait for approval');
    // Disabling (decision 040): shown by set and list, cleared by --enable.
    expect((await run('set', '--subdomain', 'acme', '--disable')).out).toMatch(/, disabled since \d{4}-/);
    expect((await run('list')).out).toMatch(/\tdisabled \d{4}-/);
    expect((await run('set', '--subdomain', 'acme', '--enable')).out).not.toContain('disabled');
    expect((await run('list')).out).not.toContain('disabled');
  }, 60_000);
});

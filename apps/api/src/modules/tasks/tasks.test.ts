import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/test-app';

// Background tasks through the real app: the members export of 20,000 members, read back.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn(t.a, t.a.admin.email);
});
afterAll(() => t.close());

const get = (url: string, token = admin, tenant = () => t.a) => t.call(tenant(), token, { method: 'GET', url });

async function finished(id: number) {
  for (let i = 0; i < 600; i += 1) {
    const task = (await get(`/api/tasks/${id}/`)).json();
    if (task.status !== 'running') return task;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the task did not finish');
}

/** Splits CSV text into rows of cells (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  return rows;
}

describe('members export task', () => {
  it('exports 20,000 members as UTF-8 CSV with a BOM, with progress, and downloads it', async () => {
    await t.database.db.execute(sql`insert into members (tenant_id, email, name, default_member_group_id, custom_fields)
      select ${t.a.id}, 'bulk' || i || '@acme.test', '회원 ' || i || case when i = 7 then ', "quoted"' else '' end, ${t.a.defaultGroupId}, '{}'::jsonb
      from generate_series(1, 20000) i`);
    const started = await get('/api/admin/members/export-task/');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ kind: 'members_export', status: 'running' });
    const task = await finished(started.json().id);
    expect(task).toMatchObject({ status: 'completed', progress: 100, done: 20003, total: 20003, estimated_seconds_left: 0 });
    expect(task.download_url).toBe(`/api/tasks/${task.id}/download/`);
    expect(task.file_name).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);

    const file = await get(task.download_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${task.file_name}`);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(file.rawPayload.toString('utf8').slice(1));
    expect(rows[0]!.slice(0, 5)).toEqual(['id', 'name', 'email', 'status', 'is_admin']);
    expect(rows).toHaveLength(20_004);
    const seventh = rows.find((r) => r[2] === 'bulk7@acme.test')!;
    expect(seventh[1]).toBe('회원 7, "quoted"');
    expect(new Set(rows.slice(1).map((r) => r[2])).size).toBe(20_003);
  }, 60_000);

  it('only the tenant’s admins read a task or its file', async () => {
    const id = (await get('/api/admin/members/export-task/')).json().id as number;
    await finished(id);
    const member = await t.signIn(t.a, t.a.member.email);
    expect((await get(`/api/tasks/${id}/`, member)).statusCode).toBe(403);
    expect((await get(`/api/tasks/${id}/download/`, member)).statusCode).toBe(403);
    const bAdmin = await t.signIn(t.b, t.b.admin.email);
    expect((await get(`/api/tasks/${id}/`, bAdmin, () => t.b)).statusCode).toBe(404);
    expect((await get(`/api/tasks/${id}/download/`, bAdmin, () => t.b)).statusCode).toBe(404);
    expect((await get(`/api/tasks/${id}/`, bAdmin)).statusCode).toBe(401);
  });

  it('a task left running by a process that stopped is failed at the next start, never running forever', async () => {
    const [row] = await t.database.db
      .insert(tasks)
      .values({ tenantId: t.a.id, kind: 'members_export', status: 'running', heartbeatAt: sql`now() - interval '2 hours'`, startedAt: sql`now() - interval '2 hours'` })
      .returning();
    const { buildApp } = await import('../../app');
    const restarted = await buildApp(t.config, { database: t.database });
    await restarted.close();
    const task = (await get(`/api/tasks/${row!.id}/`)).json();
    expect(task).toMatchObject({ status: 'failed', error: expect.stringContaining('Interrupted') });
  });
});

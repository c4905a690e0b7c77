import type { BulkInviteResponse, InviteRow } from '@app/contracts/invitations';
import { inviteRowErrorSchema } from '@app/contracts/invitations';
import type { CustomField } from '@app/contracts/sign-up-settings';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { xlsxOf } from '../../../lib/__fixtures__/write-xlsx';
import { decodeText } from '../../../lib/spreadsheet';
import { BULK_MAX_ROWS, type BulkPlan, checkBulkRecords, type CheckResult, failedRowsCsv, type FileRecord, readBulkFile, templateCsv, toBatches } from './bulk-file';
import { summarize, uploadStore } from './upload-store';

const here = path.dirname(new URL(import.meta.url).pathname);
const locales = path.resolve(here, '../../../locales');

const field = (f: Partial<CustomField> & Pick<CustomField, 'id' | 'ko_name' | 'en_name'>): CustomField => ({
  field_type: 'text',
  is_signup_field: true,
  is_searchable: false,
  is_required: false,
  is_editable: true,
  is_unique: false,
  sort_order: 0,
  ...f,
});
const EMPLOYEE = field({ id: 11, ko_name: '사번', en_name: 'Employee number', field_type: 'number', is_required: true, is_unique: true, sort_order: 1 });
const TEAM = field({ id: 12, ko_name: '팀', en_name: 'Team', sort_order: 2 });
const NOTE = field({ id: 13, ko_name: '메모', en_name: 'Admin note', is_signup_field: false });
const FIELDS = [EMPLOYEE, TEAM, NOTE];

const csvFile = (text: string) => new Blob([text], { type: 'text/csv' });
async function check(text: string | Blob, fields = FIELDS): Promise<CheckResult> {
  const read = await readBulkFile(typeof text === 'string' ? csvFile(text) : text);
  if (!read.ok) return { ok: false, problems: [read.problem] };
  return checkBulkRecords(read.records, fields);
}
async function plan(text: string | Blob, fields = FIELDS): Promise<BulkPlan> {
  const res = await check(text, fields);
  if (!res.ok) throw new Error(`refused: ${JSON.stringify(res.problems)}`);
  return res.plan;
}
const problemsOf = async (text: string | Blob, fields = FIELDS) => {
  const res = await check(text, fields);
  return res.ok ? [] : res.problems;
};

describe('the fixture: one row for each §8 upload row error', () => {
  const fixture = readFileSync(path.join(here, '__fixtures__/bulk-invite-errors.csv'));
  const expected = (p: BulkPlan, line: number) => {
    const all = [...p.toSend, ...p.failed];
    const row = all.find((r) => r.line === line)!;
    return row.cells[p.header.indexOf('expected')]?.trim() || null;
  };

  it('covers every code the server can answer and the file-only one', async () => {
    const p = await plan(new Blob([fixture]));
    const codes = [...p.toSend, ...p.failed].map((r) => expected(p, r.line)).filter(Boolean);
    // The SSO codes have their own fixture (below).
    expect(new Set(codes)).toEqual(new Set([...inviteRowErrorSchema.options.filter((c) => !c.startsWith('sso_')), 'email_duplicated']));
  });

  it('marks the repeats within the file as failed and sends everything else untouched', async () => {
    const p = await plan(new Blob([fixture]));
    // The BOM is gone, the blank line skipped, lines counted as in the file (header = 1).
    expect(p.header[0]).toBe('name');
    expect(p.total).toBe(16);
    expect(p.warnings).toEqual([{ kind: 'unknown_columns', columns: ['expected'] }]);
    expect(p.failed.map((f) => ({ line: f.line, error: f.error, field: f.field, firstLine: f.firstLine }))).toEqual([
      { line: 14, error: 'custom_field_duplicated', field: '11', firstLine: 2 },
      { line: 15, error: 'email_duplicated', field: null, firstLine: 2 },
    ]);
    for (const f of p.failed) expect(f.error).toBe(expected(p, f.line));
    expect(p.toSend.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17, 18]);
    expect(p.toSend[0]!.member).toEqual({
      row: 2,
      name: 'Valid Person',
      email: 'valid@example.com',
      group: 'Staff',
      additional_groups: ['Engineering', 'Design'],
      custom_fields: { '11': '1001', '12': 'Red' },
    });
    const byLine = new Map(p.toSend.map((r) => [r.line, r.member]));
    expect(byLine.get(3)!.email).toHaveLength(262);
    expect(byLine.get(5)!.name).toBe('');
    expect(byLine.get(9)!.group).toBe('No such group');
    expect(byLine.get(10)).toMatchObject({ group: null, additional_groups: ['Staff'] });
    expect(byLine.get(11)!.custom_fields).toEqual({ '11': 'abc' });
    // A blank required value is sent without it: the server answers custom_field_required.
    expect(byLine.get(12)!.custom_fields).toEqual({});
  });

  it("ends with each row's own error once the server has answered, and every code has its text", async () => {
    const p = await plan(new Blob([fixture]));
    const server = (members: InviteRow[]): Promise<BulkInviteResponse> =>
      Promise.resolve({
        items: members.map((m) => {
          const code = expected(p, m.row!) as BulkInviteResponse['items'][number]['error_code'];
          return { row: m.row!, email: m.email, status: code ? 'failed' : 'invited', error_code: code, error_field: code?.startsWith('custom_field') ? '11' : null, invitation_id: code ? null : 1 };
        }),
      });
    let refreshed = 0;
    await uploadStore.start({ fileName: 'bulk-invite-errors.csv', plan: p, fields: FIELDS, batchSize: 5, maxPerRequest: 500 }, { send: server, onBatchDone: () => refreshed++ });
    const u = uploadStore.get()!;
    expect(u.batches.map((b) => [b.first, b.last, b.state])).toEqual([
      [2, 6, 'warning'],
      [7, 11, 'warning'],
      [12, 18, 'warning'],
    ]);
    expect(refreshed).toBe(u.batches.length);
    const outcomes = [...u.localOutcomes, ...u.batches.flatMap((b) => b.outcomes)];
    for (const o of outcomes) expect(o.error).toBe(expected(p, o.line));
    expect(summarize(u)).toMatchObject({ total: 16, invited: 1, failed: 15, notSent: 0, done: 16, percent: 100, running: false });

    for (const lng of ['ko', 'en', 'zh', 'ja', 'es']) {
      const catalogue = JSON.parse(readFileSync(path.join(locales, lng, 'invitations.json'), 'utf8')) as { rowErrors: Record<string, string> };
      for (const code of [...inviteRowErrorSchema.options, 'email_duplicated', 'sso_id_duplicated']) expect(catalogue.rowErrors[code], `${lng} rowErrors.${code}`).toBeTruthy();
    }
  });
});

describe('the SSO columns (spec §5 "SSO id required and valid", §8 "SSO platform missing")', () => {
  const fixture = readFileSync(path.join(here, '__fixtures__/bulk-invite-sso-errors.csv'));
  const expected = (p: BulkPlan, line: number) => [...p.toSend, ...p.failed].find((r) => r.line === line)!.cells[p.header.indexOf('expected')]?.trim() || null;

  it('covers every SSO code, and the file decides what it alone can tell', async () => {
    const p = await plan(new Blob([fixture]));
    expect(new Set([...p.toSend, ...p.failed].map((r) => expected(p, r.line)).filter(Boolean))).toEqual(
      new Set([...inviteRowErrorSchema.options.filter((c) => c.startsWith('sso_')), 'sso_id_duplicated']),
    );
    expect(p.warnings).toEqual([{ kind: 'unknown_columns', columns: ['expected'] }]);
    expect(p.failed.map((f) => [f.line, f.error, f.firstLine])).toEqual([
      [4, 'sso_platform_missing', null],
      [5, 'sso_id_invalid', null],
      [7, 'sso_id_duplicated', 2],
      [9, 'sso_id_invalid', null],
    ]);
    for (const f of p.failed) expect(f.error).toBe(expected(p, f.line));
    // Whether a platform exists, is enabled and is this tenant's, and whether an id is taken, is the server's.
    expect(p.toSend.map((r) => r.line)).toEqual([2, 3, 6, 8]);
    expect(p.toSend[0]!.member).toMatchObject({ email: 'sso-valid@example.com', sso_platform: 'Corp IdP', sso_id: 'emp-1' });
    expect(p.toSend[3]!.member).toMatchObject({ email: 'password@example.com', sso_platform: null, sso_id: null });
  });

  it('headers by either name; ids with control characters refused; a file without SSO columns sends none', async () => {
    const ko = await plan(`이름,이메일,SSO 플랫폼,SSO 아이디,사번\n홍길동,hong@example.com,7,hong.g,8\n`);
    expect(ko.toSend[0]!.member).toMatchObject({ sso_platform: '7', sso_id: 'hong.g' });
    const ctl = await plan(`name,email,sso_platform,sso_id,Employee number\nA,a@example.com,Corp IdP,"a\u0007b",8\n`);
    expect(ctl.failed.map((f) => f.error)).toEqual(['sso_id_invalid']);
    const plain = await plan(`name,email,Employee number\nA,a@example.com,8\n`);
    expect(plain.toSend[0]!.member).not.toHaveProperty('sso_platform');
  });

  it('the template has the SSO columns only when the tenant has a platform', () => {
    const example = { name: 'Alex', email: 'alex@example.com', group: 'Staff', text: 'x' };
    expect(templateCsv([], 'en', example).split('\r\n')[0]).toBe('\uFEFFname,email,group,additional_groups');
    const withSso = templateCsv([], 'en', { ...example, ssoPlatform: 'Corp IdP', ssoId: 'alex.kim' }).split('\r\n');
    expect(withSso.slice(0, 2)).toEqual(['\uFEFFname,email,group,additional_groups,sso_platform,sso_id', 'Alex,alex@example.com,Staff,,Corp IdP,alex.kim']);
  });
});

describe('the header', () => {
  const rows = 'A,a@example.com,1\n';
  it('matches columns without case and by the Korean or the English name', async () => {
    const p = await plan(`NAME,E-Mail,Additional Groups,EMPLOYEE NUMBER,팀\nAmy,amy@example.com,x;y,7,Blue\n`);
    expect(p.toSend[0]!.member).toMatchObject({ name: 'Amy', email: 'amy@example.com', additional_groups: ['x', 'y'], custom_fields: { '11': '7', '12': 'Blue' } });
    const ko = await plan(`이름,이메일,그룹,사번\n홍길동,hong@example.com,기본,8\n`);
    expect(ko.toSend[0]!.member).toMatchObject({ name: '홍길동', group: '기본', custom_fields: { '11': '8' } });
    expect(ko.warnings).toEqual([]);
  });

  it('refuses a file without the name or the email column', async () => {
    expect(await problemsOf(`email,Employee number,Team\n${rows}`)).toEqual([{ kind: 'missing_columns', columns: ['name'] }]);
    expect(await problemsOf(`name,mail,Employee number\n${rows}`)).toContainEqual({ kind: 'missing_columns', columns: ['email'] });
  });

  it('refuses a file without the column of a required sign-up field', async () => {
    expect(await problemsOf(`name,email,Team\nA,a@example.com,x\n`)).toEqual([{ kind: 'required_field_columns', fieldIds: [11] }]);
    // Optional fields and fields outside sign-up may be left out.
    expect((await plan(`name,email,사번\n${rows}`)).toSend).toHaveLength(1);
  });

  it('refuses columns of custom fields outside sign-up (spec §5)', async () => {
    expect(await problemsOf(`name,email,Employee number,Admin note\nA,a@example.com,1,n\n`)).toEqual([{ kind: 'non_signup_field_columns', columns: ['Admin note'] }]);
    expect(await problemsOf(`name,email,Employee number,메모\nA,a@example.com,1,n\n`)).toEqual([{ kind: 'non_signup_field_columns', columns: ['메모'] }]);
  });

  it('refuses a column given twice, and says every problem at once', async () => {
    expect(await problemsOf(`email,이메일,Admin note\nA,a@example.com,1\n`)).toEqual([
      { kind: 'missing_columns', columns: ['name'] },
      { kind: 'duplicate_columns', columns: ['email / 이메일'] },
      { kind: 'required_field_columns', fieldIds: [11] },
      { kind: 'non_signup_field_columns', columns: ['Admin note'] },
    ]);
  });

  it('ignores unknown columns with a warning, and our own error column silently', async () => {
    const p = await plan(`name,email,Employee number,Department,error\nA,a@example.com,1,Sales,Already invited.\n`);
    expect(p.warnings).toEqual([{ kind: 'unknown_columns', columns: ['Department'] }]);
    expect(p.toSend[0]!.member.custom_fields).toEqual({ '11': '1' });
  });
});

describe('the file', () => {
  it('refuses a file without data rows', async () => {
    expect(await problemsOf('name,email,Employee number\n\n\n')).toEqual([{ kind: 'no_rows' }]);
    expect(await problemsOf('')).toEqual([{ kind: 'no_rows' }]);
  });

  it(`refuses more than ${BULK_MAX_ROWS} rows`, async () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `P${i},p${i}@example.com,${i}`).join('\n');
    expect(await problemsOf(`name,email,Employee number\n${body(BULK_MAX_ROWS + 1)}\n`)).toEqual([{ kind: 'too_many_rows', count: BULK_MAX_ROWS + 1, max: BULK_MAX_ROWS }]);
    const p = await plan(`name,email,Employee number\n${body(BULK_MAX_ROWS)}\n`);
    expect(p.toSend).toHaveLength(BULK_MAX_ROWS);
    expect(toBatches(p.toSend, 100, 500)).toHaveLength(100);
  });

  it('refuses a CSV with a broken quote, values outside the columns, or binary content', async () => {
    expect(await problemsOf('name,email,Employee number\n"A,a@example.com,1\n')).toEqual([{ kind: 'invalid_csv', lines: [2] }]);
    expect(await problemsOf('name,email,Employee number\nA,a@example.com,1,extra\nB,b@example.com,2\n')).toEqual([{ kind: 'stray_values', lines: [2] }]);
    expect(await problemsOf(new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])]))).toEqual([{ kind: 'unreadable' }]);
    expect(await problemsOf(new Blob([new Uint8Array([0x6e, 0x61, 0, 0x65])]))).toEqual([{ kind: 'unreadable' }]);
    expect(await problemsOf(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])]))).toEqual([{ kind: 'unreadable' }]);
  });

  it('reads UTF-8 with a BOM, UTF-16 and the Korean legacy encoding Excel writes', async () => {
    expect(decodeText(new TextEncoder().encode('\uFEFFname').buffer)).toBe('name');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41, 0, 0x42, 0]).buffer)).toBe('AB');
    expect(decodeText(new Uint8Array([0xc0, 0xcc, 0xb8, 0xa7, 0x2c, 0xc0, 0xcc, 0xb8, 0xde, 0xc0, 0xcf]).buffer)).toBe('이름,이메일');
  });

  it('reads a semicolon- or tab-separated file whose header has no comma', async () => {
    expect((await plan('name;email;Employee number\nA;a@example.com;1\n')).toSend[0]!.member.email).toBe('a@example.com');
    expect((await plan('name\temail\tEmployee number\nA\ta@example.com\t1\n')).toSend[0]!.member.email).toBe('a@example.com');
  });

  it('marks locally a row whose cell the request could not carry, so its batch is not refused whole', async () => {
    const p = await plan(`name,email,Employee number\n${'x'.repeat(1001)},long@example.com,1\nB,b@example.com,2\n`);
    expect(p.failed.map((f) => [f.line, f.error])).toEqual([[2, 'name_invalid']]);
    expect(p.toSend.map((r) => r.line)).toEqual([3]);
  });
});

describe('XLSX', () => {
  it('reads the first sheet: numbers as text, blank rows skipped, same checks', async () => {
    const bytes = xlsxOf([
      ['Name', 'Email', 'group', 'additional_groups', '사번', 'Team'],
      ['Xena', 'xena@example.com', 'Staff', 'A;B', 2001, null],
      [null, null, null, null, null, null],
      ['Yuri', 'yuri@example.com', null, null, 2001, 'Ops'],
      ['Zoe', 'XENA@example.com', null, null, 2003, null],
    ]);
    const p = await plan(new Blob([bytes]));
    expect(p.toSend.map((r) => r.member)).toEqual([{ row: 2, name: 'Xena', email: 'xena@example.com', group: 'Staff', additional_groups: ['A', 'B'], custom_fields: { '11': '2001' } }]);
    expect(p.failed.map((f) => [f.line, f.error, f.firstLine])).toEqual([
      [4, 'custom_field_duplicated', 2],
      [5, 'email_duplicated', 2],
    ]);
  });

  it('refuses a workbook missing a required column like a CSV', async () => {
    expect(await problemsOf(new Blob([xlsxOf([['name', 'email'], ['A', 'a@example.com']])]))).toEqual([{ kind: 'required_field_columns', fieldIds: [11] }]);
  });
});

describe('files the console writes', () => {
  it('the template: BOM, the fixed columns, the sign-up fields in the admin’s language, an example row', async () => {
    const ko = templateCsv(FIELDS, 'ko', { name: '홍길동', email: 'hong@example.com', group: '기본', text: '예시' });
    expect(ko.startsWith('\uFEFFname,email,group,additional_groups,사번,팀\r\n')).toBe(true);
    expect(ko.split('\r\n')[1]).toBe('홍길동,hong@example.com,기본,,1001,예시');
    const en = templateCsv(FIELDS, 'en', { name: 'Alex Kim', email: 'alex@example.com', group: 'General', text: 'Example' });
    expect(en.split('\r\n')[0]).toBe('\uFEFFname,email,group,additional_groups,Employee number,Team');
    // The template itself passes the checks.
    expect((await plan(ko)).toSend).toHaveLength(1);
  });

  it('the failed rows: as uploaded plus their error, and uploadable again once fixed', async () => {
    const p = await plan('name,email,Employee number,Team\n"Kim, A",a@example.com,1,x\nB,a@example.com,2,y\n');
    const csv = failedRowsCsv(p.header, p.failed.map((f) => ({ cells: f.cells, message: 'The same email is on line 2.' })));
    expect(csv).toBe('\uFEFFname,email,Employee number,Team,error\r\nB,a@example.com,2,y,The same email is on line 2.\r\n');
    const again = await plan(csv.replace('B,a@', 'B,b@'));
    expect(again.warnings).toEqual([]);
    expect(again.toSend.map((r) => r.member.email)).toEqual(['b@example.com']);
    expect(failedRowsCsv(['name'], [{ cells: ['Kim, A'], message: 'x "y"' }])).toBe('\uFEFFname,error\r\n"Kim, A","x ""y"""\r\n');
  });
});

describe('the upload store', () => {
  afterEach(() => uploadStore.clear());
  const records = (n: number): FileRecord[] => [{ line: 1, cells: ['name', 'email', 'Employee number'] }, ...Array.from({ length: n }, (_, i) => ({ line: i + 2, cells: [`P${i}`, `p${i}@example.com`, String(i)] }))];
  const planOf = (n: number) => {
    const res = checkBulkRecords(records(n), FIELDS);
    if (!res.ok) throw new Error('refused');
    return res.plan;
  };
  const ok = (members: InviteRow[]): Promise<BulkInviteResponse> =>
    Promise.resolve({ items: members.map((m) => ({ row: m.row!, email: m.email, status: 'invited', error_code: null, error_field: null, invitation_id: 1 })) });

  it('sends one batch at a time; a failed request leaves its batch to retry while the others go on', async () => {
    const sizes: number[] = [];
    let calls = 0;
    const flaky = (members: InviteRow[]) => {
      sizes.push(members.length);
      return ++calls === 2 ? Promise.reject(new Error('offline')) : ok(members);
    };
    await uploadStore.start({ fileName: 'f.csv', plan: planOf(250), fields: FIELDS, batchSize: 100, maxPerRequest: 500 }, { send: flaky, onBatchDone: () => undefined });
    expect(sizes).toEqual([100, 100, 50]);
    let u = uploadStore.get()!;
    expect(u.batches.map((b) => [b.first, b.last, b.state])).toEqual([
      [2, 101, 'success'],
      [102, 201, 'failed'],
      [202, 251, 'success'],
    ]);
    expect(summarize(u)).toMatchObject({ invited: 150, failed: 0, notSent: 100, done: 250, failedBatches: 1, running: false });
    await uploadStore.retry({ send: ok, onBatchDone: () => undefined }, 2);
    u = uploadStore.get()!;
    expect(u.batches[1]!.state).toBe('success');
    expect(summarize(u)).toMatchObject({ invited: 250, notSent: 0, percent: 100 });
  });

  it('pauses after the batch being sent and resumes; the batch size is capped by the request limit', async () => {
    const d = {
      send: (members: InviteRow[]) => {
        uploadStore.pause();
        return ok(members);
      },
      onBatchDone: () => undefined,
    };
    await uploadStore.start({ fileName: 'f.csv', plan: planOf(30), fields: FIELDS, batchSize: 1000, maxPerRequest: 10 }, d);
    expect(uploadStore.get()!.batches.map((b) => b.state)).toEqual(['success', 'waiting', 'waiting']);
    expect(summarize(uploadStore.get()!)).toMatchObject({ done: 10, percent: 33, running: false, waiting: 20 });
    await uploadStore.resume({ send: ok, onBatchDone: () => undefined });
    expect(uploadStore.get()!.batches.map((b) => b.state)).toEqual(['success', 'success', 'success']);
  });
});

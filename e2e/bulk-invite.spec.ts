import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { xlsxOf } from '../apps/web/src/lib/__fixtures__/write-xlsx';
import { expectAccessible, toastsGone } from './accounts';
import { E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, setLanguage, signInAs, SIZES, type SizeName } from './fixtures';

/**
 * Issue 21, bulk invite from a file: the template, a CSV of 250 good rows and a few bad ones sent
 * in batches of the server's size (100) with the progress, the batch states and the row errors;
 * the modal closed and opened again mid-way and at the end; a batch whose request failed sent again;
 * files refused before anything is sent; an XLSX file. The people invited carry this run's tag.
 */
test.describe.configure({ mode: 'serial' });

const TAG = Date.now().toString(36).slice(-5);

interface Field {
  id: number;
  ko_name: string;
  en_name: string;
  field_type: 'text' | 'number';
  is_signup_field: boolean;
  is_required: boolean;
  is_unique: boolean;
}
interface Group {
  id: number;
  ko_name: string;
  en_name: string;
}

let api: APIRequestContext;
let headers: Record<string, string>;
let fields: Field[] = [];
let defaultGroup: Group;
/** Unique values for the tenant's unique custom fields, away from other specs' ranges. */
let nextValue = 700_000_000 + (Date.now() % 50_000_000);

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const res = await api.fetch(`/api${path}`, { method, headers, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const signupFields = () => fields.filter((f) => f.is_signup_field);

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post('/api/auth/sign-in/', { data: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);
  headers = { 'x-access-token': ((await signIn.json()) as { access_token: string }).access_token };
  fields = (await call<{ items: Field[] }>('GET', '/admin/custom-fields/')).items;
  defaultGroup = (await call<{ items: Group[] }>('GET', '/member-groups/?is_default=true')).items[0]!;
});

test.afterAll(async () => {
  await api.dispose();
});

interface Person {
  name: string;
  email: string;
  group?: string;
  additional?: string;
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A file of the template's columns (the sign-up fields by their English name), every field filled in. */
function table(people: Person[], omit: (f: Field) => boolean = () => false): string[][] {
  const cols = signupFields().filter((f) => !omit(f));
  return [
    ['name', 'email', 'group', 'additional_groups', ...cols.map((f) => f.en_name)],
    ...people.map((p) => [p.name, p.email, p.group ?? '', p.additional ?? '', ...cols.map((f) => (f.field_type === 'number' ? String(nextValue++) : `bulk ${TAG} ${nextValue++}`))]),
  ];
}
const toCsv = (rows: string[][]) => `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;

const good = (n: number, from = 0, prefix = 'bulk'): Person[] =>
  Array.from({ length: n }, (_, i) => ({ name: `Bulk ${TAG} ${String(from + i).padStart(3, '0')}`, email: `${prefix}-${TAG}-${from + i}@example.com` }));

async function openInvitations(page: Page, lang: 'ko' | 'en' = 'en') {
  await signInAs(page, E2E_ADMIN, lang);
  await page.goto('/admin/members/invited');
  await expect(page.getByTestId('invitations-table').or(page.getByTestId('invitations-empty'))).toBeVisible();
}

async function openModal(page: Page) {
  await page.getByTestId('bulk-invite-open').click();
  // Mantine's modal root has no box of its own: its dialog shows.
  await expect(page.getByRole('dialog')).toBeVisible();
  return page.getByTestId('bulk-invite-modal');
}

async function closeModal(page: Page) {
  await page.getByTestId('bulk-invite-modal').getByRole('button', { name: /^(Close|닫기)$/ }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Chooses a file once the tenant's custom fields are in (the check needs them). */
async function upload(page: Page, name: string, body: string | Buffer, mimeType = 'text/csv') {
  await expect(page.getByTestId('bulk-columns')).toBeVisible();
  await page.getByTestId('bulk-file-input').setInputFiles({ name, mimeType, buffer: typeof body === 'string' ? Buffer.from(body, 'utf8') : body });
}

async function shot(page: Page, size: SizeName, lang: string) {
  await toastsGone(page);
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/bulk-invite-${size}-${lang}.png`, animations: 'disabled' });
}

test('the template has the fixed columns and one per sign-up custom field, and an example row', async ({ page }) => {
  await openInvitations(page);
  const modal = await openModal(page);
  for (const f of signupFields()) await expect(modal.getByTestId('bulk-columns')).toContainText(f.en_name);
  const download = page.waitForEvent('download');
  await modal.getByTestId('bulk-template').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bulk-invite-template.csv');
  const text = await readFile(await file.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const [header, example] = text.slice(1).split('\r\n');
  expect(header).toBe(['name', 'email', 'group', 'additional_groups', ...signupFields().map((f) => f.en_name)].join(','));
  expect(example).toContain('alex.kim@example.com');
});

test('250 good rows and a few bad ones go in batches with their progress; closing the window loses nothing', async ({ page }) => {
  await openInvitations(page);
  // Hold the second batch's answer until the window has been closed and opened again; fail the
  // third batch's first request (as a dropped connection would) to send it again.
  let requests = 0;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/admin/invitations/bulk/', async (route) => {
    const n = ++requests;
    if (n === 3) return route.abort('connectionreset');
    const res = await route.fetch();
    if (n === 2) await held;
    return route.fulfill({ response: res });
  });

  const people = good(250);
  const bad: Person[] = [
    { name: 'Existing Member', email: E2E_MEMBER.email },
    { name: 'Bad Email', email: `not-an-email-${TAG}` },
    { name: 'No Group', email: `no-group-${TAG}@example.com`, group: `No such group ${TAG}` },
    { name: 'Default As Extra', email: `default-extra-${TAG}@example.com`, additional: defaultGroup.en_name },
    { name: 'Same Email', email: people[0]!.email.toUpperCase() },
  ];
  const modal = await openModal(page);
  await upload(page, `people-${TAG}.csv`, toCsv(table([...people, ...bad])));
  await expect(modal.getByTestId('bulk-ready')).toContainText(`people-${TAG}.csv: 255 rows`);
  await expect(modal.getByTestId('bulk-ready')).toContainText('254 will be sent, in 3 batch(es) of up to 100 rows.');
  await expect(modal.getByTestId('bulk-ready-local')).toBeVisible();
  await page.screenshot({ path: 'test-results/bulk-invite-ready.png' });
  await modal.getByTestId('bulk-send').click();

  await expect(modal.getByTestId('bulk-progress-bar')).toBeVisible();
  await expect(modal.getByTestId('bulk-batch-state-1')).toHaveText('Success');
  await expect(modal.getByTestId('bulk-batch-state-2')).toHaveText('In progress');
  await expect(modal.getByTestId('bulk-batch-state-3')).toHaveText('Waiting');
  await expect(modal.getByTestId('bulk-batch-1')).toContainText('Rows 2–101 (100)');
  await expect(modal.getByTestId('bulk-progress-label')).toHaveText('101 of 255 rows (39%)');
  await expect(modal.getByTestId('bulk-status')).toHaveText(`Sending people-${TAG}.csv…`);

  // Closed mid-way: the page's button shows the progress; opened again, the batches are there.
  await closeModal(page);
  await expect(page.getByTestId('bulk-invite-open')).toHaveText('Bulk invite (39%)');
  await openModal(page);
  await expect(modal.getByTestId('bulk-batch-state-1')).toHaveText('Success');
  await expect(modal.getByTestId('bulk-batch-state-2')).toHaveText('In progress');
  release();

  await expect(modal.getByTestId('bulk-batch-state-2')).toHaveText('Success');
  await expect(modal.getByTestId('bulk-batch-state-3')).toHaveText('Request failed');
  await expect(modal.getByTestId('bulk-batch-error-3')).toHaveText('An unknown error occurred. Please try again.');
  await expect(modal.getByTestId('bulk-count-not-sent')).toHaveText('54');
  await modal.getByTestId('bulk-batch-retry-3').click();
  await expect(modal.getByTestId('bulk-batch-state-3')).toHaveText('Errors: 4');
  await expect(modal.getByTestId('bulk-progress')).toHaveAttribute('data-status', 'done');
  await expect(modal.getByTestId('bulk-progress-label')).toHaveText('255 of 255 rows (100%)');
  await expect(modal.getByTestId('bulk-count-invited')).toHaveText('250');
  await expect(modal.getByTestId('bulk-count-failed')).toHaveText('5');
  await expect(modal.getByTestId('bulk-count-not-sent')).toHaveText('0');

  // The row errors, translated, with their lines (header = line 1).
  const errors = modal.getByTestId('bulk-errors-table');
  await expect(errors.locator('tbody tr')).toHaveCount(5);
  await expect(modal.getByTestId('bulk-error-line-252')).toContainText('Already a member.');
  await expect(modal.getByTestId('bulk-error-line-253')).toContainText('The email is not valid.');
  await expect(modal.getByTestId('bulk-error-line-254')).toContainText('Group not found');
  await expect(modal.getByTestId('bulk-error-line-255')).toContainText('A default group cannot be an additional group.');
  await expect(modal.getByTestId('bulk-error-line-256')).toContainText('The same email is on line 2 of the file.');
  await expect(modal.getByTestId('bulk-error-line-256')).toContainText('File check');
  // Per batch: batch 3's errors only.
  await modal.getByTestId('bulk-batch-errors-3').click();
  await expect(errors.locator('tbody tr')).toHaveCount(4);
  await modal.getByTestId('bulk-errors-filter').selectOption('all');

  const download = page.waitForEvent('download');
  await modal.getByTestId('bulk-failed-download').click();
  const failed = (await readFile(await (await download).path(), 'utf8')).slice(1).trim().split('\r\n');
  expect(failed[0]).toBe([...table([])[0]!, 'error'].join(','));
  expect(failed).toHaveLength(6);
  expect(failed[1]).toContain('Already a member.');

  await expectAccessible(page, 'the bulk invite window with results');
  await shot(page, 'desktop', 'en');

  // Closed at the end and opened again (in Korean): still there.
  await closeModal(page);
  await expect(page.getByTestId('bulk-invite-open')).toHaveText('Bulk invite');
  await setLanguage(page, 'ko');
  await openModal(page);
  await expect(modal.getByTestId('bulk-batch-state-3')).toHaveText('오류 4건');
  await expect(modal.getByTestId('bulk-error-line-252')).toContainText('이미 가입한 멤버입니다.');
  await shot(page, 'desktop', 'ko');
  await closeModal(page);
  await setLanguage(page, 'en');

  // The invitations list has them.
  await page.getByTestId('invitations-search').fill(`bulk-${TAG}`);
  await expect(page.getByTestId('invitations-total')).toHaveText('250 in total');
  await expect(page.getByTestId('invitations-table')).toContainText(people[249]!.email);

  // A new upload starts from an empty window.
  await openModal(page);
  await modal.getByTestId('bulk-new-upload').click();
  await expect(modal.getByTestId('bulk-template')).toBeVisible();
});

test('files are refused before anything is sent: a required field column missing, a non-sign-up field column, broken or empty files', async ({ page }) => {
  const required = await call<Field>('POST', '/admin/custom-fields/', { ko_name: `필수 ${TAG}`, en_name: `Badge ${TAG}`, field_type: 'text', is_signup_field: true, is_required: true });
  const internal = await call<Field>('POST', '/admin/custom-fields/', { ko_name: `내부 ${TAG}`, en_name: `Internal ${TAG}`, field_type: 'text', is_signup_field: false });
  try {
    fields = (await call<{ items: Field[] }>('GET', '/admin/custom-fields/')).items;
    await openInvitations(page);
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/invitations/bulk/') && r.method() === 'POST') sent++;
    });
    const modal = await openModal(page);
    await expect(modal.getByTestId('bulk-columns')).toContainText(`Badge ${TAG} · required`);
    await expect(modal.getByTestId('bulk-columns')).not.toContainText(`Internal ${TAG}`);

    const rows = table(good(2, 0, 'refused'), (f) => f.id === required.id);
    rows[0]!.push(`Internal ${TAG}`);
    rows[1]!.push('x');
    rows[2]!.push('y');
    await upload(page, 'missing.csv', toCsv(rows));
    const problems = modal.getByTestId('bulk-file-problems');
    await expect(problems).toContainText('missing.csv cannot be uploaded. Nothing was sent.');
    await expect(modal.getByTestId('bulk-problem-required_field_columns')).toHaveText(`Columns of required custom fields are missing: Badge ${TAG}.`);
    await expect(modal.getByTestId('bulk-problem-non_signup_field_columns')).toContainText(`remove their columns: Internal ${TAG}.`);
    await expect(modal.getByTestId('bulk-send')).toBeDisabled();
    await page.screenshot({ path: 'test-results/bulk-invite-refused.png', fullPage: true });

    await upload(page, 'broken.csv', 'name,email\n"Unclosed,a@example.com\n');
    await expect(modal.getByTestId('bulk-problem-invalid_csv')).toHaveText('Not a valid CSV: a quoted value is not closed (line 2).');
    await upload(page, 'empty.csv', `name,email,Badge ${TAG}\n\n`);
    await expect(modal.getByTestId('bulk-problem-no_rows')).toBeVisible();
    await upload(page, 'no-email.csv', `name,mail,Badge ${TAG}\nA,a@example.com,1\n`);
    await expect(modal.getByTestId('bulk-problem-missing_columns')).toHaveText('Required columns are missing: email.');
    const many = `name,email,Badge ${TAG}\n${Array.from({ length: 10_001 }, (_, i) => `P${i},p${i}@example.com,b`).join('\n')}\n`;
    await upload(page, 'many.csv', many);
    await expect(modal.getByTestId('bulk-problem-too_many_rows')).toHaveText('The file has 10,001 rows; at most 10,000 can be uploaded at once. Split it into several files.');
    await upload(page, 'picture.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    await expect(modal.getByTestId('bulk-problem-unreadable')).toBeVisible();
    expect(sent).toBe(0);
  } finally {
    await call('DELETE', `/admin/custom-fields/${required.id}/`);
    await call('DELETE', `/admin/custom-fields/${internal.id}/`);
    fields = (await call<{ items: Field[] }>('GET', '/admin/custom-fields/')).items;
  }
});

test('the one-by-one invite form carries the sign-up fields to the invitation', async ({ page }) => {
  const extra = await call<Field>('POST', '/admin/custom-fields/', { ko_name: `사원증 ${TAG}`, en_name: `Pass ${TAG}`, field_type: 'text', is_signup_field: true, is_required: true });
  try {
    await openInvitations(page);
    await page.getByTestId('invite-members').click();
    await expect(page.getByText(`Pass ${TAG}`)).toBeVisible();
    const email = `form-${TAG}@example.com`;
    await page.getByTestId('invite-name-0').fill('Form Person');
    await page.getByTestId('invite-email-0').fill(email);
    await page.getByTestId(`invite-field-${extra.id}-0`).fill(`P-${TAG}`);
    await page.getByTestId('invite-send').click();
    await expect(page.getByTestId(`invite-result-${email}`)).toContainText('Invited');
    const found = await call<{ items: Array<{ invitation_hash_id: string }> }>('GET', `/admin/invitations/?search_term=${encodeURIComponent(email)}`);
    const verify = await call<{ custom_fields: Record<string, string> }>('GET', `/invitations/${found.items[0]!.invitation_hash_id}/verify/`);
    expect(verify.custom_fields[String(extra.id)]).toBe(`P-${TAG}`);
  } finally {
    await call('DELETE', `/admin/custom-fields/${extra.id}/`);
  }
});

test('an XLSX file is read from its first sheet and invited', async ({ page }) => {
  await openInvitations(page);
  const people = good(3, 0, 'xlsx');
  const rows = table(people).map((r, i) => (i === 0 ? r : r.map((c) => (/^\d+$/.test(c) ? Number(c) : c))));
  const modal = await openModal(page);
  await upload(page, `people-${TAG}.xlsx`, Buffer.from(xlsxOf(rows)), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  await expect(modal.getByTestId('bulk-ready')).toContainText(`people-${TAG}.xlsx: 3 rows`);
  await modal.getByTestId('bulk-send').click();
  await expect(modal.getByTestId('bulk-progress')).toHaveAttribute('data-status', 'done');
  await expect(modal.getByTestId('bulk-batch-state-1')).toHaveText('Success');
  await expect(modal.getByTestId('bulk-count-invited')).toHaveText('3');
  await expect(modal.getByTestId('bulk-errors-empty')).toBeVisible();
  await closeModal(page);
  await page.getByTestId('invitations-search').fill(`xlsx-${TAG}`);
  await expect(page.getByTestId('invitations-total')).toHaveText('3 in total');
});

test('a file with SSO columns: the row errors of its SSO cells, in en and ko (decision 039)', async ({ page }) => {
  const platform = await call<{ id: number; name: string }>('POST', '/admin/sso-platforms/', { kind: 'oidc', name: `Bulk IdP ${TAG}`, issuer_url: 'https://idp.example.test', client_id: 'bulk' });
  try {
    await openInvitations(page);
    const modal = await openModal(page);
    await expect(modal.getByTestId('bulk-sso-note')).toBeVisible();
    const base = table([
      { name: `Sso ${TAG} ok`, email: `sso-ok-${TAG}@example.com` },
      { name: `Sso ${TAG} unknown`, email: `sso-unknown-${TAG}@example.com` },
      { name: `Sso ${TAG} no platform`, email: `sso-noplatform-${TAG}@example.com` },
      { name: `Sso ${TAG} no id`, email: `sso-noid-${TAG}@example.com` },
      { name: `Sso ${TAG} repeat`, email: `sso-repeat-${TAG}@example.com` },
    ]);
    const sso = [['sso_platform', 'sso_id'], [platform.name, `emp-${TAG}`], ['Nowhere IdP', 'emp-x'], ['', 'emp-y'], [String(platform.id), ''], [platform.name.toLowerCase(), `emp-${TAG}`]];
    await upload(page, `sso-${TAG}.csv`, toCsv(base.map((r, i) => [...r.slice(0, 4), ...sso[i]!, ...r.slice(4)])));
    await modal.getByTestId('bulk-send').click();
    await expect(modal.getByTestId('bulk-progress')).toHaveAttribute('data-status', 'done');
    await expect(modal.getByTestId('bulk-count-invited')).toHaveText('1');
    await expect(modal.getByTestId('bulk-error-line-3')).toContainText('SSO platform missing');
    await expect(modal.getByTestId('bulk-error-line-4')).toContainText('SSO platform missing');
    await expect(modal.getByTestId('bulk-error-line-5')).toContainText('The SSO id is missing or not valid');
    await expect(modal.getByTestId('bulk-error-line-6')).toContainText('The same SSO id is on line 2');
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/bulk-invite-sso-desktop-en.png', animations: 'disabled' });
    await closeModal(page);
    await page.getByTestId('invitations-search').fill(`sso-ok-${TAG}`);
    await expect(page.getByTestId('invitations-table')).toContainText(`SSO · ${platform.name} · emp-${TAG}`);
    await setLanguage(page, 'ko');
    await openModal(page);
    await expect(modal.getByTestId('bulk-error-line-3')).toContainText('SSO 플랫폼이 없습니다');
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/bulk-invite-sso-desktop-ko.png', animations: 'disabled' });
  } finally {
    // Its invitations go with it.
    await call('DELETE', `/admin/sso-platforms/${platform.id}/`).catch(() => undefined);
  }
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  test('the window with results on a phone, in ko and en', async ({ page }) => {
    await openInvitations(page);
    const people = [...good(3, 0, 'phone'), { name: 'Existing Member', email: E2E_MEMBER.email }, { name: 'Bad Email', email: `phone-bad-${TAG}` }];
    const modal = await openModal(page);
    await upload(page, `phone-${TAG}.csv`, toCsv(table(people)));
    await modal.getByTestId('bulk-send').click();
    await expect(modal.getByTestId('bulk-progress')).toHaveAttribute('data-status', 'done');
    await expect(modal.getByTestId('bulk-batch-state-1')).toHaveText('Errors: 2');
    await expectAccessible(page, 'the bulk invite window on a phone');
    await shot(page, 'phone', 'en');
    await closeModal(page);
    await setLanguage(page, 'ko');
    await openModal(page);
    await expect(modal.getByTestId('bulk-batch-state-1')).toHaveText('오류 2건');
    await shot(page, 'phone', 'ko');
  });
});

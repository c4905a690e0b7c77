import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { approvedMember, expectAccessible, toastsGone, uniqueEmail } from './accounts';
import { adminApi, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, setLanguage, signInAs, SIZES, type AdminApi } from './fixtures';

/**
 * Console "Audit log" (issue 26 §5): an admin's changes (a group created and renamed, an
 * announcement created) are listed newest first with the admin's name and e-mail, a label for
 * what changed and "field: before → after"; a row opens to the full values; filters by kind,
 * operation, admin and days narrow the list and "Clear filters" brings it back. Empty, no-match
 * and failed loads each say so. A member opening the page gets the restricted-access page.
 * Screenshots: e2e/screenshots/audit-log-<size>-<language>.png.
 */
test.describe.configure({ mode: 'serial' });

const TAG = Date.now().toString(36);
const GROUP = `Audit ${TAG}`;
const RENAMED = `Audit ${TAG} renamed`;
const ANNOUNCEMENT = `Audit notice ${TAG}`;
const PERSON = `Audit Person ${TAG}`;
const DESKTOP = { viewport: { width: 1280, height: 800 } };

let context: APIRequestContext;
let api: AdminApi;
let groupId: number;
let announcementId: number;
let admin: { id: number; name: string; email: string };
let personId: number;

test.beforeAll(async ({ baseURL }) => {
  context = await playwrightRequest.newContext({ baseURL });
  api = await adminApi(context);
  // What an interrupted earlier run left behind.
  for (const g of (await api.get<{ items: Array<{ id: number; en_name: string }> }>('/admin/member-groups/?size=100&search_term=Audit')).items) {
    if (/^Audit \w+ renamed$/.test(g.en_name)) await api.send('DELETE', `/admin/member-groups/${g.id}/`);
  }
  for (const a of (await api.get<{ items: Array<{ id: number; title: string }> }>('/admin/announcements/?size=100')).items) {
    if (/^Audit notice \w+$/.test(a.title)) await api.send('DELETE', `/admin/announcements/${a.id}/`);
  }
  const found = await api.get<{ items: Array<{ id: number; name: string; email: string }> }>(`/admin/members/?is_admin=true&search_term=${encodeURIComponent(E2E_ADMIN.email)}`);
  admin = found.items.find((m) => m.email === E2E_ADMIN.email)!;
  groupId = (await api.send<{ id: number }>('POST', '/admin/member-groups/', { ko_name: `감사 ${TAG}`, en_name: GROUP, member_credit_quota: 10 })).id;
  await api.send('PATCH', `/admin/member-groups/${groupId}/`, { en_name: RENAMED });
  // A sign-up approved (a request's status, when and by whom) and the person put in the group (a membership: two ids).
  personId = await approvedMember(context, api, { email: uniqueEmail('audit-person'), name: PERSON, fieldValue: 60_000 + (Date.now() % 30_000) });
  await api.send('PATCH', `/admin/members/${personId}/`, { member_group_ids: [groupId] });
  announcementId = (await api.send<{ id: number }>('POST', '/admin/announcements/', { title: ANNOUNCEMENT, content: 'Recorded in the audit log.', location: 'dashboard', is_active: false })).id;
});

test.afterAll(async () => {
  await api.send('DELETE', `/admin/members/${personId}/`);
  await api.send('DELETE', `/admin/announcements/${announcementId}/`);
  await api.send('DELETE', `/admin/member-groups/${groupId}/`);
  await context.dispose();
});

const rows = (page: Page) => page.getByTestId(/^audit-row-\d+$/);
const renameRow = (page: Page) => rows(page).filter({ hasText: RENAMED }).filter({ hasText: '→' });
const announcementRow = (page: Page) => rows(page).filter({ hasText: ANNOUNCEMENT });

async function openLog(page: Page) {
  await page.goto('/admin/audit-log');
  await expect(page.getByTestId('audit-log-table')).toBeVisible();
}

/** Waits for the list asked with `param` (e.g. `target_type=announcements`), or without any filter. */
const listed = (page: Page, param?: string) =>
  page.waitForResponse((r) => {
    const url = new URL(r.url());
    if (url.pathname !== '/api/admin/audit-log/') return false;
    return param ? url.search.includes(param) : !/target_type|operation|actor_id|from|to=/.test(url.search);
  });

async function shot(page: Page, size: 'desktop' | 'phone', lang: 'ko' | 'en') {
  await toastsGone(page);
  await expectNoSideScroll(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The desktop as the window shows it (the console's side navigation is fixed); the phone's whole list.
  await page.screenshot({ path: `e2e/screenshots/audit-log-${size}-${lang}.png`, fullPage: size === 'phone', animations: 'disabled' });
}

test.describe('desktop', () => {
  test.use(DESKTOP);

  test('the log reads in words: names instead of ids, statuses and fields from the catalogue, times in the reader’s locale', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await openLog(page);
    const request = rows(page).filter({ hasText: 'Sign-up request updated' }).filter({ hasText: PERSON });
    await expect(request).toHaveCount(1);
    await expect(request.getByTestId('audit-target')).toHaveText(PERSON);
    const change = (row: typeof request, label: string) => row.getByTestId('audit-change').filter({ hasText: new RegExp(`^${label} `) });
    await expect(change(request, 'Status')).toHaveText('Status Pending → Approved');
    await expect(change(request, 'Processed by')).toHaveText(`Processed by (empty) → ${admin.name}`);
    await expect(change(request, 'Processed at')).toHaveText(/^Processed at \(empty\) → [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/);
    const activated = rows(page).filter({ hasText: 'Member updated' }).filter({ hasText: PERSON }).filter({ hasText: 'Status' });
    await expect(change(activated.first(), 'Status')).toHaveText('Status Awaiting approval → Active');
    const membership = rows(page).filter({ hasText: 'Group membership created' }).filter({ hasText: PERSON });
    await expect(membership.getByTestId('audit-target')).toHaveText(`${PERSON} · ${RENAMED}`);
    await expect(membership.getByTestId('audit-change')).toHaveText([`Member ${PERSON}`, `Group ${RENAMED}`]);
    const createdGroup = rows(page).filter({ hasText: 'Group created' }).filter({ hasText: GROUP });
    await expect(change(createdGroup, 'Default')).toHaveText('Default No');
    // Nothing internal: no ISO times, no raw ids or booleans, no column names, no routes.
    for (const row of [request, membership, createdGroup]) {
      const text = await row.innerText();
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|\btrue\b|\bfalse\b|\w_\w|\/api\/|\bID \d/);
    }
    const id = (await request.getAttribute('data-testid'))!.replace('audit-row-', '');
    await page.getByTestId(`audit-toggle-${id}`).click();
    await expect(page.getByTestId(`audit-after-${id}`)).toContainText(`Processed by ${admin.name}`);
    await expect(page.getByTestId(`audit-after-${id}`)).toContainText('Status Approved');

    await setLanguage(page, 'ko');
    await openLog(page);
    const koRequest = rows(page).filter({ hasText: '가입 승인 요청 수정' }).filter({ hasText: PERSON });
    await expect(change(koRequest, '상태')).toHaveText('상태 대기 중 → 승인됨');
    await expect(change(koRequest, '처리 시각')).toHaveText(/^처리 시각 \(비어 있음\) → \d{4}\. \d{1,2}\. \d{1,2}\. (오전|오후) \d{1,2}:\d{2}$/);
    const koMembership = rows(page).filter({ hasText: '그룹 소속 생성' }).filter({ hasText: PERSON });
    await expect(koMembership.getByTestId('audit-target')).toHaveText(`${PERSON} · 감사 ${TAG}`);
    await setLanguage(page, 'en');
  });

  test('an admin sees their changes with who and before → after, opens one, filters and clears the filters', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin');
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    const heading = page.getByRole('heading', { name: 'Audit log', level: 2 });
    await expect(heading).toBeVisible();
    await heading.hover();
    await expect(page.getByTestId('audit-log-page')).toContainText('cannot be edited or deleted');

    // The rename: who, what, the field's before → after.
    const renamed = renameRow(page);
    await expect(renamed).toHaveCount(1);
    await expect(renamed.getByTestId('audit-who')).toContainText(admin.name);
    await expect(renamed.getByTestId('audit-who')).toContainText(admin.email);
    await expect(renamed.getByTestId('audit-what')).toHaveText('Group updated');
    await expect(renamed.getByTestId('audit-target')).toHaveText(RENAMED);
    await expect(renamed.getByTestId('audit-change')).toHaveText([`English name ${GROUP} → ${RENAMED}`]);

    // The creations: new values; newest first (the announcement came last).
    const created = announcementRow(page);
    await expect(created.getByTestId('audit-what')).toHaveText('Announcement created');
    await expect(created.getByTestId('audit-change').filter({ hasText: 'Title' })).toHaveText(`Title ${ANNOUNCEMENT}`);
    const order = await rows(page).evaluateAll((trs, names) => names.map((n) => trs.findIndex((tr) => tr.textContent!.includes(n))), [ANNOUNCEMENT, RENAMED]);
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[0]).toBeLessThan(order[1]!);
    const createdGroup = rows(page).filter({ hasText: 'Group created' }).filter({ hasText: GROUP });
    await expect(createdGroup.getByTestId('audit-change').filter({ hasText: 'English name' })).toHaveText(`English name ${GROUP}`);

    // Nothing to change an entry with.
    // (A row's details button is named after the change it opens, e.g. "Show details of Announcement deleted".)
    await expect(page.getByTestId('audit-log-page').getByRole('button', { name: /^(delete|edit|remove|undo)\b/i })).toHaveCount(0);

    // A row opens to the full before and after, labelled.
    const id = (await renamed.getAttribute('data-testid'))!.replace('audit-row-', '');
    const toggle = page.getByTestId(`audit-toggle-${id}`);
    await expect(toggle).toHaveAccessibleName('Show details: Group updated');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAccessibleName('Hide details: Group updated');
    const details = page.getByTestId(`audit-details-${id}`);
    await expect(details).not.toContainText('/api/');
    await expect(page.getByTestId(`audit-before-${id}`)).toHaveText(`English name ${GROUP}`);
    await expect(page.getByTestId(`audit-after-${id}`)).toHaveText(`English name ${RENAMED}`);
    await expectAccessible(page, 'audit log with an entry open');
    await shot(page, 'desktop', 'en');

    // By kind: announcements only.
    let asked = listed(page, 'target_type=announcements');
    await page.getByTestId('audit-type-filter').selectOption({ label: 'Announcement' });
    await asked;
    await expect(announcementRow(page)).toHaveCount(1);
    await expect(renameRow(page)).toHaveCount(0);
    for (const what of await page.getByTestId('audit-what').allTextContents()) expect(what).toMatch(/^Announcement (created|updated|deleted)$/);

    // By admin: the select lists the tenant's admins by name and e-mail.
    asked = listed(page, `actor_id=${admin.id}`);
    await page.getByTestId('audit-actor-filter').selectOption({ label: `${admin.name} (${admin.email})` });
    await asked;
    await expect(announcementRow(page)).toHaveCount(1);

    // Days long past: nothing matches; "Clear filters" brings everything back.
    asked = listed(page, 'to=2000-01-02');
    await page.getByTestId('audit-from').fill('2000-01-01');
    await page.getByTestId('audit-to').fill('2000-01-02');
    await asked;
    await expect(page.getByTestId('audit-empty')).toContainText('No changes match the filters.');
    await expect(page.getByTestId('audit-total')).toHaveText('0 entries');
    asked = listed(page);
    await page.getByTestId('audit-clear-filters').click();
    await asked;
    await expect(renameRow(page)).toHaveCount(1);
    await expect(page.getByTestId('audit-type-filter')).toHaveValue('');
    await expect(page.getByTestId('audit-actor-filter')).toHaveValue('');
    await expect(page.getByTestId('audit-from')).toHaveValue('');

    // Today's changes, by operation: updates only.
    const today = new Date().toISOString().slice(0, 10);
    asked = listed(page, 'operation=update');
    await page.getByTestId('audit-from').fill(today);
    await page.getByTestId('audit-operation-filter').selectOption({ label: 'Updated' });
    await asked;
    await expect(renameRow(page)).toHaveCount(1);
    await expect(announcementRow(page)).toHaveCount(0);

    // An end before the start is said at once, not sent.
    await page.getByTestId('audit-to').fill('2000-01-01');
    await expect(page.getByTestId('audit-empty')).toContainText('The end date is before the start date.');
    await page.getByTestId('audit-clear-filters').click();
    await expect(renameRow(page)).toHaveCount(1);

    await setLanguage(page, 'ko');
    await expect(page.getByRole('heading', { name: '감사 로그', level: 2 })).toBeVisible();
    await expect(renameRow(page).getByTestId('audit-what')).toHaveText('그룹 수정');
    await renameRow(page).getByRole('button', { name: '상세 보기: 그룹 수정' }).click();
    await shot(page, 'desktop', 'ko');
    await setLanguage(page, 'en');
  });

  test('an empty log, and a failed load that can be retried', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    const empty = { items: [], pagination: { page: 1, size: 20, total_items: 0, total_pages: 0 } };
    await page.route('**/api/admin/audit-log/**', (route) => route.fulfill({ json: empty }));
    await page.goto('/admin/audit-log');
    await expect(page.getByTestId('audit-empty')).toContainText('No changes recorded yet.');
    await expect(page.getByTestId('audit-clear-filters')).toHaveCount(0);
    await page.unroute('**/api/admin/audit-log/**');

    let fail = true;
    await page.route('**/api/admin/audit-log/**', (route) => (fail ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }) : route.fallback()));
    await page.reload();
    await expect(page.getByTestId('audit-load-error')).toContainText('Could not load the audit log.', { timeout: 15_000 });
    fail = false;
    await page.getByTestId('audit-retry').click();
    await expect(renameRow(page)).toHaveCount(1);
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  test('the log on a phone, in ko and en: nothing wider than the screen', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'ko');
    await openLog(page);
    await expect(page.getByRole('heading', { name: '감사 로그', level: 2 })).toBeVisible();
    await expect(renameRow(page)).toHaveCount(1);
    await shot(page, 'phone', 'ko');
    await setLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
    // Each entry a block on the phone: what, who and the change in sight without scrolling sideways.
    await expect(renameRow(page).getByTestId('audit-what')).toHaveText('Group updated');
    await expect(renameRow(page).getByTestId('audit-change')).toHaveText([`English name ${GROUP} → ${RENAMED}`]);
    const box = (await renameRow(page).getByTestId('audit-change').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const id = (await renameRow(page).getAttribute('data-testid'))!.replace('audit-row-', '');
    await page.getByTestId(`audit-toggle-${id}`).click();
    await expect(page.getByTestId(`audit-after-${id}`)).toContainText(RENAMED);
    await expectAccessible(page, 'audit log on a phone');
    await shot(page, 'phone', 'en');
  });
});

test.describe('member', () => {
  test.use(DESKTOP);

  test('a member opening the audit log gets the restricted-access page and no admin data', async ({ page }) => {
    const adminCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin/')) adminCalls.push(r.url());
    });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.goto('/admin/audit-log');
    const restricted = page.getByTestId('restricted-page');
    await expect(restricted).toHaveAttribute('data-reason', 'admin');
    await expect(restricted).toContainText('Only administrators can open the admin console.');
    await expect(page.getByTestId('admin-nav')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/admin/audit-log');
    expect(adminCalls).toEqual([]);
  });
});

import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, signUpByApi, signUpSetup, toastsGone, uniqueEmail } from './accounts';
import { E2E_ADMIN, expectNoSideScroll, setLanguage, signInAs, SIZES, type SizeName } from './fixtures';

/**
 * Issue 21, the console's Members area: the all-members tab (search, filters, edit, admin right,
 * deactivate, delete, leave a group, bulk credit limit and delete, the CSV export) and its tabs.
 * The people it works on are signed up and approved through the API, named with this run's tag.
 */
test.describe.configure({ mode: 'serial' });

const TAG = Date.now().toString(36).slice(-5);
const people = {
  ada: { name: `Ada Lovelace ${TAG}`, email: uniqueEmail('ada') },
  grace: { name: `Grace Hopper ${TAG}`, email: uniqueEmail('grace') },
  alan: { name: `Alan Turing ${TAG}`, email: uniqueEmail('alan') },
  edsger: { name: `Edsger Dijkstra ${TAG}`, email: uniqueEmail('edsger') },
};
type Who = keyof typeof people;
const ids = {} as Record<Who, number>;
const group = { id: 0, ko_name: `연구팀 ${TAG}`, en_name: `Research ${TAG}` };

let api: APIRequestContext;
let headers: Record<string, string>;

async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<T> {
  const res = await api.fetch(`/api${path}`, { method, headers, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post('/api/auth/sign-in/', { data: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);
  headers = { 'x-access-token': ((await signIn.json()) as { access_token: string }).access_token };

  group.id = (await call<{ id: number }>('POST', '/admin/member-groups/', { ko_name: group.ko_name, en_name: group.en_name, is_default: false })).id;
  // Unique custom field values (a field from another spec may be unique): this run's own range.
  const setup = await signUpSetup(api);
  const base = 50_000 + (Date.now() % 40_000);
  let n = 0;
  for (const [who, p] of Object.entries(people) as Array<[Who, (typeof people)[Who]]>) {
    await signUpByApi(api, setup, { ...p, fieldValue: base + n++ });
    const found = await call<{ items: Array<{ id: number; member_status: string }> }>('GET', `/admin/members/?search_term=${encodeURIComponent(p.email)}`);
    ids[who] = found.items[0]!.id;
  }
  const waiting = Object.values(ids);
  await call('POST', '/admin/members/bulk/process-pending-request/', { member_ids: waiting, approve: true });
  await call('PATCH', `/admin/members/${ids.ada}/`, { member_group_ids: [group.id] });
});

test.afterAll(async () => {
  await api.dispose();
});

const row = (page: Page, who: Who) => page.getByTestId(`member-row-${ids[who]}`);
const rows = (page: Page) => page.getByTestId('members-table').locator('tbody tr');

async function openMembers(page: Page, lang: 'ko' | 'en' = 'en') {
  await signInAs(page, E2E_ADMIN, lang);
  await page.goto('/admin/members');
  await expect(page.getByTestId('members-table')).toBeVisible();
}

async function search(page: Page, term: string) {
  await page.getByTestId('members-search').fill(term);
}

test('search by name and by email, the group filter, an empty result, the tabs and their addresses', async ({ page }) => {
  await openMembers(page);
  await expect(page.getByRole('heading', { name: 'Members', level: 2 })).toBeVisible();
  await expect(page.getByTestId('members-tab-all')).toHaveAttribute('aria-selected', 'true');

  await search(page, people.ada.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'ada')).toContainText(people.ada.email);
  await expect(row(page, 'ada').getByText(group.en_name)).toBeVisible();
  await expect(page.getByTestId('members-total')).toHaveText('Total: 1');

  await search(page, people.grace.email);
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'grace')).toContainText(people.grace.name);

  await search(page, TAG);
  await expect(rows(page)).toHaveCount(4);
  await page.getByTestId('members-group-filter').selectOption(String(group.id));
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'ada')).toBeVisible();
  await page.getByTestId('members-group-filter').selectOption('');
  await page.getByTestId('members-admin-filter').selectOption('yes');
  await expect(page.getByTestId('members-empty')).toHaveText(/No members match the search or filters\./);
  await page.getByTestId('members-clear-filters').click();
  await expect(page.getByTestId('members-search')).toHaveValue('');
  await expect(page.getByTestId('members-admin-filter')).toHaveValue('all');

  await page.getByTestId('members-tab-pending').click();
  await expect(page).toHaveURL(/\/admin\/members\/pending$/);
  await expect(page.getByTestId('members-tab-pending')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('New registrations and group changes', { exact: false }).first()).toBeVisible();
  await page.getByTestId('members-tab-invited').click();
  await expect(page).toHaveURL(/\/admin\/members\/invited$/);
  await expect(page.getByTestId('bulk-invite-open')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/members\/pending$/);
  await expect(page.getByTestId('members-tab-pending')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('members-tab-all').click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByTestId('members-table')).toBeVisible();
  // The old addresses land on their tab.
  await page.goto('/admin/invitations');
  await expect(page).toHaveURL(/\/admin\/members\/invited$/);
  await expect(page.getByTestId('members-tab-invited')).toHaveAttribute('aria-selected', 'true');
  await page.goto('/admin/members/no-such-tab');
  await expect(page).toHaveURL(/\/admin\/members$/);

  await search(page, TAG);
  await expect(rows(page)).toHaveCount(4);
  await expectAccessible(page, 'the members list');
});

test("edit a member's name and credit limit, back to the group's quota, and take them out of a group", async ({ page }) => {
  await openMembers(page);
  await search(page, people.ada.email);
  await expect(rows(page)).toHaveCount(1);
  await row(page, 'ada').getByRole('button', { name: `Edit ${people.ada.name}` }).click();
  const modal = page.getByTestId('member-edit-modal');
  await expect(modal.getByTestId('member-edit-name')).toHaveValue(people.ada.name);
  await expect(modal.getByTestId('member-edit-use-group-quota')).toBeChecked();
  await expect(modal.getByTestId('member-edit-credit-limit')).toBeDisabled();
  await expect(modal.getByTestId(`member-edit-group-${group.id}`)).toBeChecked();

  await modal.getByTestId('member-edit-use-group-quota').uncheck();
  await expect(modal.getByTestId('member-edit-credit-limit')).toBeEnabled();
  // Left empty: the error shows once the field is left (before the click, which it would move).
  await modal.getByTestId('member-edit-name').fill('');
  await modal.getByTestId('member-edit-name').blur();
  await expect(modal.getByText('Enter a name of 1 to 100 characters.')).toBeVisible();
  await modal.getByTestId('member-edit-save').click();
  await expect(modal.getByText('Enter a whole number from 0 to 1,000,000,000.')).toBeVisible();
  people.ada.name = `Ada King ${TAG}`;
  await modal.getByTestId('member-edit-name').fill(people.ada.name);
  await modal.getByTestId('member-edit-credit-limit').fill('5000');
  await expectAccessible(page, 'the member edit form');
  await modal.getByTestId('member-edit-save').click();
  await expect(page.getByText(`${people.ada.name} was saved.`)).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId(`member-name-${ids.ada}`)).toHaveText(people.ada.name);
  await expect(page.getByTestId(`member-credit-${ids.ada}`)).toHaveText('5,000 credits');

  await row(page, 'ada').getByRole('button', { name: `Edit ${people.ada.name}` }).click();
  await expect(modal.getByTestId('member-edit-credit-limit')).toHaveValue('5,000');
  await modal.getByTestId('member-edit-use-group-quota').check();
  await modal.getByTestId('member-edit-save').click();
  await expect(page.getByTestId(`member-credit-${ids.ada}`)).toHaveText("Group's quota");

  await page.getByTestId(`remove-group-${ids.ada}-${group.id}`).click();
  await expect(page.getByTestId('confirm-remove-group-body')).toHaveText(new RegExp(`Remove ${people.ada.name} from the group ${group.en_name}\\?`));
  await page.getByTestId('confirm-remove-group').click();
  await expect(page.getByText(`${people.ada.name} was removed from ${group.en_name}.`)).toBeVisible();
  await expect(row(page, 'ada').getByText(group.en_name)).toHaveCount(0);
});

test('set the admin right after a confirmation naming the member, remove it, deactivate, delete', async ({ page }) => {
  await openMembers(page);
  await search(page, TAG);
  await expect(rows(page)).toHaveCount(4);

  await row(page, 'grace').getByRole('button', { name: `Make ${people.grace.name} an administrator` }).click();
  await expect(page.getByTestId('confirm-admin-body')).toHaveText(`Make ${people.grace.name} (${people.grace.email}) an administrator? They will be able to manage members, groups and every setting of the console.`);
  await page.getByTestId('confirm-admin').click();
  await expect(page.getByText(`${people.grace.name} is now an administrator.`)).toBeVisible();
  await expect(page.getByTestId(`member-admin-${ids.grace}`)).toHaveText('Admin');
  await page.getByTestId('members-admin-filter').selectOption('yes');
  await expect(row(page, 'grace')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await row(page, 'grace').getByRole('button', { name: `Remove the admin right of ${people.grace.name}` }).click();
  await expect(page.getByTestId('confirm-admin-body')).toContainText(`${people.grace.name} (${people.grace.email})`);
  await page.getByTestId('confirm-admin').click();
  await expect(page.getByText(`${people.grace.name} is no longer an administrator.`)).toBeVisible();
  await expect(page.getByTestId('members-empty')).toBeVisible();
  await page.getByTestId('members-admin-filter').selectOption('all');

  await row(page, 'alan').getByRole('button', { name: `Deactivate ${people.alan.name}` }).click();
  await expect(page.getByTestId('confirm-deactivate-body')).toContainText(people.alan.email);
  await page.getByTestId('confirm-deactivate').click();
  await expect(page.getByText(`${people.alan.name} was deactivated.`)).toBeVisible();
  await expect(page.getByTestId(`member-status-${ids.alan}`)).toHaveText('Deactivated');
  await page.getByTestId('members-status-filter').selectOption('deactivated');
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, 'alan')).toBeVisible();
  await page.getByTestId('members-status-filter').selectOption('all');

  await row(page, 'edsger').getByRole('button', { name: `Delete ${people.edsger.name}` }).click();
  await expect(page.getByTestId('confirm-delete-member-body')).toContainText(`${people.edsger.name} (${people.edsger.email})`);
  await page.getByTestId('confirm-delete-member').click();
  await expect(page.getByText(`${people.edsger.name} was deleted.`)).toBeVisible();
  await expect(row(page, 'edsger')).toHaveCount(0);
  await expect(rows(page)).toHaveCount(3);
});

test('bulk credit limit on two selected members; the signed-in admin cannot delete themselves', async ({ page }) => {
  await openMembers(page);
  await search(page, TAG);
  await expect(rows(page)).toHaveCount(3);
  await page.getByTestId(`member-select-${ids.ada}`).check();
  await page.getByTestId(`member-select-${ids.grace}`).check();
  await expect(page.getByTestId('members-bulk')).toContainText('2 selected');
  await page.getByTestId('bulk-credit').click();
  await page.getByTestId('bulk-credit-value').fill('1234');
  await page.getByTestId('bulk-credit-apply').click();
  await expect(page.getByText('The credit limit of the selected members was updated.')).toBeVisible();
  for (const who of ['ada', 'grace'] as const) await expect(page.getByTestId(`member-credit-${ids[who]}`)).toHaveText('1,234 credits');
  await expect(page.getByTestId(`member-credit-${ids.alan}`)).toHaveText("Group's quota");
  await expect(page.getByTestId('members-bulk')).toHaveCount(0);

  // Their own row: no delete, no admin right to remove, no deactivation.
  await search(page, E2E_ADMIN.email);
  const self = page.getByTestId('members-table').getByRole('row', { name: new RegExp(E2E_ADMIN.email) });
  await expect(self.getByText('You', { exact: true })).toBeVisible();
  await expect(self.getByRole('button', { name: /^Delete / })).toBeDisabled();
  await expect(self.getByRole('button', { name: /^Remove the admin right/ })).toBeDisabled();
  await expect(self.getByRole('button', { name: /^Deactivate / })).toBeDisabled();

  // Chosen with another for a bulk delete, the server refuses them and says why.
  await self.getByRole('checkbox').check();
  await search(page, people.alan.email);
  await expect(rows(page)).toHaveCount(1);
  await page.getByTestId(`member-select-${ids.alan}`).check();
  await page.getByTestId('bulk-delete-members').click();
  await expect(page.getByTestId('confirm-bulk-delete-body')).toContainText('Delete 2 members?');
  await page.getByTestId('confirm-bulk-delete').click();
  const results = page.getByTestId('members-bulk-results');
  await expect(results).toContainText('1 of 2 done');
  await expect(results).toContainText(`(${E2E_ADMIN.email})`);
  await expect(results).toContainText('You cannot delete yourself.');
  await expect(page.getByTestId('members-empty')).toBeVisible();
  await search(page, E2E_ADMIN.email);
  await expect(rows(page)).toHaveCount(1);
});

/** Holds the export's task as running (at 40 %) until released, so its progress can be seen and shot. */
async function holdExport(page: Page) {
  let hold = true;
  await page.route('**/api/tasks/*/', async (route) => {
    const res = await route.fetch();
    if (!hold) return route.fulfill({ response: res });
    const task = (await res.json()) as Record<string, unknown>;
    await route.fulfill({ response: res, json: { ...task, status: 'running', progress: 40, done: 2, total: 5, elapsed_seconds: 3, estimated_seconds_left: 4, download_url: null, finished_at: null } });
  });
  return () => {
    hold = false;
  };
}

test('export shows its progress, then downloads a CSV with a byte order mark', async ({ page }) => {
  await openMembers(page);
  const release = await holdExport(page);
  await page.getByTestId('export-members').click();
  const modal = page.getByTestId('export-modal');
  await expect(modal.getByTestId('export-percent')).toHaveText('40%');
  await expect(modal.getByTestId('export-elapsed')).toHaveText('Elapsed 0:03');
  await expect(modal.getByTestId('export-left')).toHaveText('About 0:04 left');
  await expect(modal.getByText('2 of 5 members')).toBeVisible();
  await expectAccessible(page, 'the export progress');

  const download = page.waitForEvent('download');
  release();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text).toContain(people.ada.email);
  expect(text).toContain(people.grace.email);
  await expect(modal.getByTestId('export-progress')).toHaveAttribute('data-phase', 'completed');
  await expect(modal.getByTestId('export-percent')).toHaveText('100%');
  await expect(modal.getByTestId('export-phase')).toHaveText(`Export complete. ${file.suggestedFilename()} was downloaded.`);
  await modal.getByTestId('export-close').click();
  await expect(modal).toHaveCount(0);
});

async function shot(page: Page, screen: string, size: SizeName, lang: string) {
  await toastsGone(page);
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/${screen}-${size}-${lang}.png`, animations: 'disabled' });
}

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`${size} screens`, () => {
    test.use(SIZES[size]);

    test('members list, edit form and export progress in ko and en', async ({ page }) => {
      await openMembers(page);
      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        await page.goto('/admin/members');
        await search(page, TAG);
        await expect(rows(page)).toHaveCount(2);
        await shot(page, 'members-list', size, lang);

        await page.getByTestId(`edit-member-${ids.grace}`).click();
        await expect(page.getByTestId('member-edit-name')).toHaveValue(people.grace.name);
        await shot(page, 'members-edit', size, lang);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('member-edit-modal')).toHaveCount(0);

        const release = await holdExport(page);
        await page.getByTestId('export-members').click();
        await expect(page.getByTestId('export-percent')).toHaveText('40%');
        await shot(page, 'members-export', size, lang);
        const download = page.waitForEvent('download');
        release();
        await download;
        await page.unroute('**/api/tasks/*/');
        await page.getByTestId('export-close').click();
      }
      await setLanguage(page, 'en');
    });
  });
}

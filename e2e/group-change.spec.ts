import { expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectAccessible, toastsGone } from './accounts';
import { adminApi, type AdminApi, E2E_MEMBER, expectNoSideScroll, setLanguage, signInAs, SIZES } from './fixtures';

/**
 * Issue 21 item 4, the member's side: on /dashboard/settings "My groups" shows the member's groups;
 * they ask to change them, see the request pending, withdraw it, ask again; an administrator
 * approves it and the member sees the new group.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const EXTRA = { ko: `변경팀 ${RUN}`, en: `Change ${RUN}` };

interface Group {
  id: number;
  ko_name: string;
  en_name: string;
}
interface AdminMember {
  id: number;
  email: string;
  default_member_group_id: number;
  member_group_ids: number[];
  pending_request: string | null;
}

let api: AdminApi;
let member: AdminMember;
let extra: Group;
let defaultGroup: Group;

const findMember = async () =>
  (await api.get<{ items: AdminMember[] }>(`/admin/members/?search_term=${encodeURIComponent(E2E_MEMBER.email)}`)).items.find((m) => m.email === E2E_MEMBER.email)!;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  api = await adminApi(request);
  member = await findMember();
  extra = await api.send<Group>('POST', '/admin/member-groups/', { ko_name: EXTRA.ko, en_name: EXTRA.en, is_default: false });
  defaultGroup = (await api.get<{ items: Group[] }>('/admin/member-groups/?size=100')).items.find((g) => g.id === member.default_member_group_id)!;
});

// The seeded member leaves the group again and keeps no request, whatever happened above.
test.afterAll(async () => {
  const now = await findMember();
  if (now.pending_request === 'group_change')
    await api.send('POST', `/admin/members/${now.id}/process-pending-request/`, { approve: false, reason: 'End of the browser test' });
  if (now.member_group_ids.includes(extra.id)) await api.send('DELETE', `/admin/member-groups/${extra.id}/members/${now.id}/`);
  await api.request.dispose();
});

async function openSettings(page: Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('group-change')).toBeVisible();
}

/** Picks the test's additional group in the multi-select (searchable: typed, then chosen). */
async function chooseExtra(page: Page) {
  const input = page.getByTestId('group-change-form').getByLabel('Additional groups', { exact: true });
  await input.click();
  await input.fill(EXTRA.en);
  await page.getByRole('option', { name: EXTRA.en }).click();
  await page.keyboard.press('Escape');
}

async function shot(page: Page, size: 'desktop' | 'phone', lang: 'ko' | 'en') {
  await toastsGone(page);
  // The section itself: the settings page scrolls inside its own frame, so a full-page shot would stop above it.
  await page.getByTestId('my-groups').screenshot({ path: `e2e/screenshots/group-change-${size}-${lang}.png`, animations: 'disabled' });
}

test('a member asks for another group, withdraws, asks again; approved, the group is theirs', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  await openSettings(page);
  const section = page.getByTestId('my-groups');
  await expect(section.getByRole('heading', { name: 'My groups' })).toBeVisible();
  await expect(page.getByTestId('current-default-group')).toHaveText(defaultGroup.en_name);
  await expect(page.getByTestId('current-additional-groups')).not.toContainText(EXTRA.en);
  // Nothing changed yet: nothing to send.
  await expect(page.getByTestId('group-change-submit')).toBeDisabled();

  await chooseExtra(page);
  await page.getByTestId('group-change-submit').click();
  await expect(page.getByText('Your request was sent to an administrator.')).toBeVisible();
  const pending = page.getByTestId('group-change-pending');
  await expect(pending).toContainText('Waiting for an administrator');
  await expect(pending).toContainText(EXTRA.en);
  await expect(pending).toContainText(defaultGroup.en_name);
  expect((await findMember()).pending_request).toBe('group_change');

  // Still pending after a reload, in Korean names too.
  await page.reload();
  await expect(page.getByTestId('group-change-pending')).toContainText(EXTRA.en);
  await setLanguage(page, 'ko');
  await expect(page.getByTestId('group-change-pending')).toContainText(EXTRA.ko);
  await shot(page, 'desktop', 'ko');
  await setLanguage(page, 'en');
  await shot(page, 'desktop', 'en');
  await expectAccessible(page, 'my groups with a pending request');

  // Withdrawn (after a confirmation): the form is back and the console has no request.
  await page.getByTestId('group-change-withdraw').click();
  await expect(page.getByRole('dialog', { name: 'Withdraw the request?' })).toBeVisible();
  // Once the modal has faded in (axe reads colours mid-transition otherwise).
  await page.waitForTimeout(500);
  await expectAccessible(page, 'the withdraw confirmation');
  await page.getByTestId('group-change-withdraw-confirm').click();
  await expect(page.getByText('Your request was withdrawn.')).toBeVisible();
  await expect(page.getByTestId('group-change-pending')).toHaveCount(0);
  await expect(page.getByTestId('group-change-form')).toBeVisible();
  expect((await findMember()).pending_request).toBeNull();

  // Asked again.
  await page.reload();
  await expect(page.getByTestId('group-change-form')).toBeVisible();
  await chooseExtra(page);
  await page.getByTestId('group-change-submit').click();
  await expect(page.getByTestId('group-change-pending')).toContainText(EXTRA.en);

  // An administrator approves it; the member sees the group as theirs.
  await api.send('POST', `/admin/members/${member.id}/process-pending-request/`, { approve: true });
  await page.reload();
  await expect(page.getByTestId('current-additional-groups')).toContainText(EXTRA.en);
  await expect(page.getByTestId('group-change-pending')).toHaveCount(0);
  await expect(page.getByTestId('group-change-submit')).toBeDisabled();
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  test('my groups on a phone', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    for (const lang of ['ko', 'en'] as const) {
      await setLanguage(page, lang);
      await openSettings(page);
      await expect(page.getByTestId('current-default-group')).toHaveText(lang === 'ko' ? defaultGroup.ko_name : defaultGroup.en_name);
      await expectNoSideScroll(page);
      await shot(page, 'phone', lang);
    }
    await expectAccessible(page, 'my groups on a phone');
  });
});

import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectAccessible, toastsGone } from './accounts';
import { adminApi, type AdminApi, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, signInAs, SIZES, type SizeName } from './fixtures';

/**
 * Issue 24 items 4 and 5: the console's home (cards and usage charts after some real chats, the
 * usage export with its progress) and the credits area (the month's LLM table, purchase history,
 * an admin raising a group's quota). Screenshots in ko and en, desktop and phone.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const GROUP = { ko: `크레딧팀 ${RUN}`, en: `Credits team ${RUN}` };
let api: AdminApi;
let groupId: number;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  api = await adminApi(request);
  // What's new shows once per release in the console; this test looks at other things.
  await api.send('POST', '/admin/release-notes/seen/');
  // Some real chats of the seeded member, so the month has usage.
  const signIn = await request.post('/api/auth/sign-in/', { data: E2E_MEMBER });
  const headers = { 'x-access-token': ((await signIn.json()) as { access_token: string }).access_token };
  // Text models only: an image model's chat would make an image (e2e/chat-images.spec.ts counts them).
  const bots = { items: ((await (await request.get('/api/chatbots/?include_default=true', { headers })).json()) as { items: Array<{ id: number; llm_model: { display_name: string } }> }).items.filter((b) => b.llm_model.display_name !== 'fake-image') };
  for (const [i, text] of ['Hello dashboard', 'Tell me about credits', 'One more question'].entries()) {
    const res = await request.post(`/api/chatbots/${bots.items[i % bots.items.length]!.id}/chat/`, { headers, data: { text } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const group = await api.send<{ id: number }>('POST', '/admin/member-groups/', { ko_name: GROUP.ko, en_name: GROUP.en, credit_quota: 5000, member_credit_quota: 100 });
  groupId = group.id;
});

test.afterAll(async () => {
  if (groupId) await api.send('DELETE', `/admin/member-groups/${groupId}/`);
  await api.request.dispose();
});

async function openDashboard(page: Page) {
  await page.goto('/admin');
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await expect(page.getByTestId('dashboard-cards')).toBeVisible();
}

test('the console opens on the dashboard: cards from this month, usage charts over a range, the export with its progress', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/no-such-area');
  await expect(page).toHaveURL(/\/admin$/);
  await openDashboard(page);
  const cards = await api.get<{ monthly_messages: number; monthly_chat_users: number; members: { active: number }; totals: { messages: number } }>('/admin/dashboards/');
  expect(cards.monthly_messages).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('card-messages-value')).toHaveText(cards.monthly_messages.toLocaleString('en'));
  await expect(page.getByTestId('card-chat-users-value')).toHaveText(String(cards.monthly_chat_users));
  await expect(page.getByTestId('card-members-value')).toContainText(String(cards.members.active));
  await expect(page.getByTestId('card-total-messages-value')).toHaveText(cards.totals.messages.toLocaleString('en'));
  await expect(page.getByTestId('admin-nav').getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('data-active', 'true');

  // The charts (recharts SVGs): messages, credits, credits by model, chat users.
  for (const id of ['chart-messages', 'chart-credits', 'chart-models', 'chart-users']) await expect(page.getByTestId(id).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('chart-messages').locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expectAccessible(page, 'the dashboard with its charts');

  // Another range: the last 3 months, then a range with no usage at all (zeros: the empty state).
  await page.getByTestId('usage-presets').getByText('Last 3 months').click();
  await expect(page.getByTestId('chart-messages').locator('.recharts-bar-rectangle').last()).toBeVisible();
  const now = new Date();
  const old = new Date(Date.UTC(now.getUTCFullYear() - 2, now.getUTCMonth(), 1)).toLocaleDateString('en', { year: 'numeric', month: 'long', timeZone: 'UTC' });
  await page.getByTestId('usage-end').click();
  await page.getByRole('option', { name: old, exact: true }).click();
  await expect(page.getByTestId('usage-empty')).toBeVisible();
  await page.getByTestId('usage-presets').getByText('Last 6 months').click();
  await expect(page.getByTestId('usage-charts')).toBeVisible();

  // The export runs as a task; the modal follows it to the downloaded file.
  const download = page.waitForEvent('download');
  await page.getByTestId('usage-export').click();
  await expect(page.getByTestId('usage-export-progress')).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
  await expect(page.getByTestId('usage-export-progress')).toHaveAttribute('data-phase', 'completed');
  await expect(page.getByTestId('usage-export-percent')).toHaveText('100%');
  await page.getByTestId('usage-export-close').click();
});

test('the credits area: the month’s LLM table, empty image table, purchase history', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/credits');
  await expect(page.getByRole('heading', { level: 2, name: 'Credits' })).toBeVisible();
  await page.getByTestId('credits-tab-usage').click();
  const table = page.getByTestId('llm-usage');
  await expect(table).toBeVisible();
  const credits = await api.get<{ llm: Array<{ llm_model_id: number; display_name: string; input_tokens: number }> }>('/admin/credits/');
  expect(credits.llm.length).toBeGreaterThan(0);
  const row = page.getByTestId(`llm-row-${credits.llm[0]!.llm_model_id}`);
  await expect(row).toContainText(credits.llm[0]!.display_name);
  await expect(row).toContainText(credits.llm[0]!.input_tokens.toLocaleString('en'));
  await expect(page.getByTestId('images-empty')).toBeVisible();
  await expectAccessible(page, 'the credits area, monthly usage');
  await page.getByTestId('credits-tab-purchases').click();
  await expect(page.getByTestId('purchases').or(page.getByTestId('purchases-empty'))).toBeVisible();
});

test('an admin raises a group’s quota in the credits area; a default group’s stay locked', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/credits');
  await page.getByTestId('group-quota-search').fill(GROUP.en);
  const row = page.getByTestId(`group-quota-${groupId}`);
  await expect(row.getByTestId('group-member-quota-value')).toHaveText('100');
  await expectAccessible(page, 'the credits area, allocation');
  await page.getByTestId(`group-quota-edit-${groupId}`).click();
  await expect(page.getByTestId('group-quota-save')).toBeDisabled();
  await expectAccessible(page, 'the group quota form');
  await page.getByTestId('group-member-quota').fill('250');
  await page.getByTestId('group-pool').fill('20000');
  await page.getByTestId('group-quota-save').click();
  await expect(page.getByTestId('group-quota-form')).toBeHidden();
  await expect(row.getByTestId('group-member-quota-value')).toHaveText('250');
  await expect(row.getByTestId('group-pool-value')).toHaveText('20,000');
  const saved = await api.get<{ credit_quota: number; member_credit_quota: number }>(`/admin/member-groups/${groupId}/`);
  expect(saved).toMatchObject({ credit_quota: 20000, member_credit_quota: 250 });
  // The seeded default group has no edit button.
  await page.getByTestId('group-quota-search').fill('');
  await expect(page.getByTestId('group-quotas').getByRole('row').filter({ hasText: 'Default' }).first().getByRole('button')).toHaveCount(0);
});

async function screens(browser: Browser, size: SizeName, lang: 'ko' | 'en') {
  const context = await browser.newContext({ ...SIZES[size], locale: lang });
  const page = await context.newPage();
  await signInAs(page, E2E_ADMIN, lang);
  await openDashboard(page);
  await expect(page.getByTestId('chart-messages').locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expectNoSideScroll(page);
  await toastsGone(page);
  await page.screenshot({ path: `e2e/screenshots/admin-dashboard-${lang}-${size}.png`, fullPage: true, animations: 'disabled' });
  await page.goto('/admin/credits');
  await page.getByTestId('credits-tab-usage').click();
  await expect(page.getByTestId('llm-usage')).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/admin-credits-${lang}-${size}.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('credits-tab-allocation').click();
  await expect(page.getByTestId('group-quotas')).toBeVisible();
  await expect(page.getByTestId('member-limits')).toBeVisible();
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/admin-credits-allocation-${lang}-${size}.png`, fullPage: true, animations: 'disabled' });
  await context.close();
}

for (const size of ['desktop', 'phone'] as const) {
  for (const lang of ['ko', 'en'] as const) {
    test(`screenshots: dashboard and credits, ${lang}, ${size}`, async ({ browser }) => {
      await screens(browser, size, lang);
    });
  }
}

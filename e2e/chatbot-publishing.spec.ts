import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectAccessible, shot, toastsGone } from './accounts';
import { E2E_ADMIN, E2E_MEMBER, setLanguage, signInAs, SIZES } from './fixtures';
import { nextMail, outboxMark } from './mail';

/**
 * Issue 23 §2, the console's Chatbots page: a member's publish request listed, filtered and
 * searched; rejected with a reason in the review drawer (the author is mailed it), requested again
 * and approved; two approved at once, and a third that was withdrawn meanwhile reported as failed;
 * the store's categories added, renamed and deleted.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const names = (en: string) => ({ ko: `${en} 챗봇 ${RUN}`, en: `${en} bot ${RUN}` });
const REVIEWED = names('Reviewed');
const BULK_A = names('Bulk A');
const BULK_B = names('Bulk B');
const WITHDRAWN = names('Withdrawn');
const REASON = `The instructions need a clearer scope (${RUN}).`;
const CATEGORY = { ko: `여행 ${RUN}`, en: `Travel ${RUN}` };
const RENAMED = { ko: `여행 계획 ${RUN}`, en: `Trip planning ${RUN}` };

interface Me {
  id: number;
  email: string;
  default_member_group_id: number;
  access_token: string;
}
interface Category {
  id: number;
  ko_name: string;
  en_name: string;
}

let request: APIRequestContext;
let me: Me;
let category: Category;
const bots = { reviewed: 0, a: 0, b: 0, withdrawn: 0 };

async function send<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const r = await request.fetch(`/api${path}`, { method, headers: { 'x-access-token': me.access_token }, data });
  expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

const requestAccess = (id: number) => send('PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [me.default_member_group_id], category_id: category.id });

/** A member's chatbot, filled in and sent for review. */
async function requested(n: { ko: string; en: string }): Promise<number> {
  const { id } = await send<{ id: number }>('POST', '/chatbots/');
  await send('PATCH', `/chatbots/${id}/`, {
    ko_name: n.ko,
    en_name: n.en,
    ko_key_features: `${n.ko}: 여행 일정을 짜 줍니다.`,
    en_key_features: `${n.en} plans trips day by day.`,
    system_instructions: `You are ${n.en}. Plan trips with a budget and a day-by-day schedule.`,
    temperature: 0.7,
    top_p: 0.9,
  });
  await requestAccess(id);
  return id;
}

test.beforeAll(async ({ playwright }) => {
  request = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const res = await request.post('/api/auth/sign-in/', { data: E2E_MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  me = (await res.json()) as Me;
  category = (await send<{ items: Category[] }>('GET', '/categories/')).items.find((c) => c.en_name === 'Lifestyle')!;
  bots.reviewed = await requested(REVIEWED);
  bots.a = await requested(BULK_A);
  bots.b = await requested(BULK_B);
  bots.withdrawn = await requested(WITHDRAWN);
});

test.afterAll(async () => {
  for (const id of Object.values(bots)) if (id) await request.fetch(`/api/chatbots/${id}/`, { method: 'DELETE', headers: { 'x-access-token': me.access_token } });
  await request.dispose();
});

const row = (page: Page, id: number) => page.getByTestId(`publish-row-${id}`);

async function openChatbots(page: Page) {
  await page.goto('/admin/chatbots');
  await expect(page.getByTestId('publish-table').or(page.getByTestId('publish-empty'))).toBeVisible();
}

/** Narrows the list to this run's requests (the search waits 300 ms before asking). */
async function searchRun(page: Page) {
  const searched = page.waitForResponse((r) => r.url().includes('/api/admin/chatbots/') && r.url().includes(`search_term=${RUN}`));
  await page.getByTestId('publish-search').fill(RUN);
  await searched;
}

test('requests: filters and search, the drawer rejects with a reason (mailed) and approves; bulk approve with a failure reported', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await openChatbots(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Chatbots' })).toBeVisible();
  await expect(page.getByTestId('admin-nav').getByRole('link', { name: 'Chatbots' })).toBeVisible();

  await searchRun(page);
  await expect(page.getByTestId('publish-total')).toHaveText('4 requests');
  await expect(row(page, bots.reviewed)).toContainText(REVIEWED.en);
  await expect(row(page, bots.reviewed)).toContainText('Publish');
  await expect(row(page, bots.reviewed)).toContainText(me.email);
  await expect(page.getByTestId(`publish-status-${bots.reviewed}`)).toHaveText('Pending');
  await expectAccessible(page, 'console chatbots');

  // Filters: decided requests only, then approved only: none yet; pending: all four.
  await page.getByTestId('publish-hide-pending').click();
  await expect(page.getByTestId('publish-empty')).toHaveText('No requests match these filters.');
  await page.getByTestId('publish-hide-pending').click();
  await page.getByTestId('publish-status').selectOption('approved');
  await expect(page.getByTestId('publish-empty')).toBeVisible();
  await page.getByTestId('publish-status').selectOption('pending');
  await expect(page.getByTestId('publish-total')).toHaveText('4 requests');
  await expect(page.getByTestId('publish-hide-pending')).toBeDisabled();

  // The drawer shows what was submitted; rejected with a reason, which the author is mailed.
  await page.getByTestId(`publish-open-${bots.reviewed}`).click();
  const drawer = page.getByTestId('publish-drawer');
  await expect(drawer.getByTestId('publish-drawer-name')).toHaveText(REVIEWED.en);
  await expect(drawer).toContainText(REVIEWED.ko);
  await expect(drawer.getByTestId('publish-drawer-instructions')).toContainText(`You are ${REVIEWED.en}.`);
  await expect(drawer).toContainText('0.7');
  await expect(drawer.getByTestId('publish-drawer-category')).toHaveText('Lifestyle');
  await expect(drawer.getByTestId('publish-drawer-groups')).not.toHaveText('None');
  await expectAccessible(page, 'review drawer');
  await page.getByTestId('publish-reason').fill(REASON);
  await shot(page, 'admin-chatbots-drawer', 'en', false);
  const mark = await outboxMark();
  await page.getByTestId('publish-reject').click();
  await expect(drawer).toBeHidden();
  await expect(row(page, bots.reviewed)).toHaveCount(0);
  const mail = await nextMail(me.email, mark);
  expect(mail.text).toContain(REASON);
  const seen = await send<{ publish_status: string; publish_feedback: string | null }>('GET', `/chatbots/${bots.reviewed}/`);
  expect(seen).toMatchObject({ publish_status: 'rejected', publish_feedback: REASON });

  // The rejected request under "rejected", its decision in the drawer.
  await page.getByTestId('publish-status').selectOption('rejected');
  await expect(page.getByTestId(`publish-status-${bots.reviewed}`)).toHaveText('Rejected');
  await page.getByTestId(`publish-open-${bots.reviewed}`).click();
  await expect(page.getByTestId('publish-decision')).toContainText(REASON);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Requested again, then approved in the drawer.
  await requestAccess(bots.reviewed);
  await page.getByTestId('publish-status').selectOption('pending');
  await page.getByTestId(`publish-open-${bots.reviewed}`).click();
  await page.getByTestId('publish-approve').click();
  await expect(drawer).toBeHidden();
  await page.getByTestId('publish-status').selectOption('approved');
  await expect(page.getByTestId(`publish-status-${bots.reviewed}`)).toHaveText('Approved');
  expect((await send<{ publish_status: string }>('GET', `/chatbots/${bots.reviewed}/`)).publish_status).toBe('public');

  // Bulk: three chosen; one withdrawn by its author meanwhile is reported, the two others approved.
  await page.getByTestId('publish-status').selectOption('pending');
  await expect(page.getByTestId('publish-total')).toHaveText('3 requests');
  for (const id of [bots.a, bots.b, bots.withdrawn]) await page.getByTestId(`publish-select-${id}`).check();
  await expect(page.getByTestId('publish-bulk')).toContainText('3 selected');
  await send('PATCH', `/chatbots/${bots.withdrawn}/access/`, { is_public: false });
  await page.getByTestId('publish-bulk-approve').click();
  const results = page.getByTestId('publish-bulk-results');
  await expect(results).toContainText('2 requests approved');
  await expect(results.getByTestId(`publish-bulk-failed-${bots.withdrawn}`)).toContainText(WITHDRAWN.en);
  await page.getByTestId('publish-status').selectOption('all');
  await expect(page.getByTestId(`publish-status-${bots.a}`)).toHaveText('Approved');
  await expect(page.getByTestId(`publish-status-${bots.b}`)).toHaveText('Approved');
  // The withdrawn request left the queue; approved only: the chatbots public now.
  await expect(row(page, bots.withdrawn)).toHaveCount(0);
  await page.getByTestId('publish-approved-only').click();
  await expect(page.getByTestId('publish-total')).toHaveText('4 requests');
  await expect(row(page, bots.a)).toBeVisible();
  await page.getByTestId('publish-approved-only').click();
  await results.getByRole('button', { name: 'Close' }).click();
  await shot(page, 'admin-chatbots', 'en', false);

  // Korean: the page and its drawer.
  await setLanguage(page, 'ko');
  await expect(page.getByRole('heading', { level: 2, name: '챗봇' })).toBeVisible();
  await expect(page.getByTestId(`publish-status-${bots.a}`)).toHaveText('승인됨');
  await shot(page, 'admin-chatbots', 'ko', false);
  await page.getByTestId(`publish-open-${bots.a}`).click();
  await expect(page.getByTestId('publish-drawer-name')).toHaveText(BULK_A.ko);
  await shot(page, 'admin-chatbots-drawer', 'ko', false);
  await page.keyboard.press('Escape');
  await setLanguage(page, 'en');
});

test('categories: add one, rename it in both languages, delete it after confirming', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/chatbots/categories');
  const table = page.getByTestId('categories-table');
  await expect(table).toContainText('Writing');
  await expect(table).toContainText('글쓰기');

  // A name is needed in each language.
  await page.getByTestId('new-category').click();
  await page.getByTestId('category-save').click();
  await expect(page.getByTestId('category-form')).toContainText('Enter a name.');
  await page.getByTestId('category-ko-name').fill(CATEGORY.ko);
  await page.getByTestId('category-en-name').fill(CATEGORY.en);
  await expectAccessible(page, 'category form');
  await page.getByTestId('category-save').click();
  await expect(page.getByTestId('category-form')).toBeHidden();
  const added = table.getByRole('row').filter({ hasText: CATEGORY.en });
  await expect(added).toContainText(CATEGORY.ko);

  await added.getByRole('button', { name: `Rename ${CATEGORY.en}` }).click();
  await expect(page.getByTestId('category-en-name')).toHaveValue(CATEGORY.en);
  await page.getByTestId('category-ko-name').fill(RENAMED.ko);
  await page.getByTestId('category-en-name').fill(RENAMED.en);
  await page.getByTestId('category-save').click();
  const renamed = table.getByRole('row').filter({ hasText: RENAMED.en });
  await expect(renamed).toContainText(RENAMED.ko);
  await expect(table.getByRole('row').filter({ hasText: CATEGORY.en })).toHaveCount(0);
  await expectAccessible(page, 'categories');

  // Members see it in the store's categories.
  const cats = (await send<{ items: Category[] }>('GET', '/categories/')).items;
  expect(cats.map((c) => c.en_name)).toContain(RENAMED.en);

  await renamed.getByRole('button', { name: `Delete ${RENAMED.en}` }).click();
  await page.getByTestId('confirm-delete-category').click();
  await expect(table.getByRole('row').filter({ hasText: RENAMED.en })).toHaveCount(0);
  await toastsGone(page);
  expect((await send<{ items: Category[] }>('GET', '/categories/')).items.map((c) => c.en_name)).not.toContain(RENAMED.en);
});

test.describe('phone', () => {
  test.use(SIZES.phone);
  test('the requests on a phone: filters wrap, the table scrolls in its frame', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await openChatbots(page);
    await searchRun(page);
    await expect(row(page, bots.a)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'e2e/screenshots/admin-chatbots-phone-en.png', fullPage: true, animations: 'disabled' });
  });
});

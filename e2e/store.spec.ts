import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectAccessible, shot } from './accounts';
import { adminApi, type AdminApi, E2E_MEMBER, openMenu, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

/**
 * Issue 23 §3, the store: a member's chatbots, published through the API and approved by the admin,
 * are found in the store by category, by a debounced search and in either order; a card opens a new
 * chat that answers; the chatbot is then among the recent chatbots of the navigation, and removed.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const WRITER = { ko: `스토어 작가 ${RUN}`, en: `Store writer ${RUN}` };
const CODER = { ko: `스토어 코더 ${RUN}`, en: `Store coder ${RUN}` };

interface Api {
  request: APIRequestContext;
  send<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T>;
}
interface Me {
  id: number;
  default_member_group_id: number;
  access_token: string;
}
interface Category {
  id: number;
  ko_name: string;
  en_name: string;
}

let admin: AdminApi;
let member: Api;
let me: Me;
let writing: Category;
let programming: Category;
const bots = { writer: 0, coder: 0 };
/** Chatbots of the paging test (more than a page of the store). */
const paged: number[] = [];

async function memberApi(request: APIRequestContext): Promise<{ api: Api; me: Me }> {
  const res = await request.post('/api/auth/sign-in/', { data: E2E_MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as Me;
  const headers = { 'x-access-token': body.access_token };
  return {
    me: body,
    api: {
      request,
      send: async <T>(method: string, path: string, data?: unknown) => {
        const r = await request.fetch(`/api${path}`, { method, headers, data });
        expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
        return (await r.json()) as T;
      },
    },
  };
}

/**
 * A chatbot built by ANOTHER member (the admin's own account, a member like any other), sent for
 * review and approved, all through the API: the member of the test finds it in the store.
 */
async function publish(names: { ko: string; en: string }, category: Category): Promise<number> {
  const { id } = await admin.send<{ id: number }>('POST', '/chatbots/');
  await admin.send('PATCH', `/chatbots/${id}/`, {
    ko_name: names.ko,
    en_name: names.en,
    ko_key_features: `${names.ko}의 주요 기능: 글을 다듬고 요약합니다.`,
    en_key_features: `What ${names.en} does: polishes and summarises your writing in a friendly tone.`,
    system_instructions: 'Answer briefly.',
    category_ids: [category.id],
  });
  await admin.send('PATCH', `/chatbots/${id}/access/`, { is_public: true, member_group_ids: [me.default_member_group_id], category_id: category.id });
  await admin.send('POST', `/admin/chatbots/${id}/process-publish-request/`, { approve: true });
  return id;
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  admin = await adminApi(request);
  ({ api: member, me } = await memberApi(request));
  const cats = (await member.send<{ items: Category[] }>('GET', '/categories/')).items;
  writing = cats.find((c) => c.en_name === 'Writing')!;
  programming = cats.find((c) => c.en_name === 'Programming')!;
  expect(writing && programming).toBeTruthy();
  bots.writer = await publish(WRITER, writing);
  bots.coder = await publish(CODER, programming);
  // The writer is the popular one: a message this month; the coder is the newest.
  await setFakeLlm({ reply: 'Polished.', tokenDelayMs: 1 });
  const chat = await request.post(`/api/chatbots/${bots.writer}/chat/`, { headers: { 'x-access-token': me.access_token }, data: { text: 'Polish this' } });
  expect(chat.ok(), await chat.text()).toBe(true);
  await chat.body();
});

test.afterAll(async () => {
  await setFakeLlm(null);
  for (const id of [...Object.values(bots), ...paged]) if (id) await admin.send('DELETE', `/chatbots/${id}/`);
  await admin.request.dispose();
});

const card = (page: Page, id: number) => page.getByTestId(`store-card-${id}`);

async function search(page: Page, term: string) {
  await page.getByTestId('store-search').fill(term);
}

test('the store: by category, a debounced search, popular and newest; a card opens a chat that answers; recent chatbots in the navigation', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  await page.getByTestId('store-link').click();
  await expect(page).toHaveURL(/\/dashboard\/store$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  await expect(card(page, bots.writer)).toBeVisible();
  await expectAccessible(page, 'store');

  // Categories: Writing shows the writer, not the coder; Programming the other way round.
  await page.getByTestId('store-categories').getByText('Writing', { exact: true }).click();
  await expect(card(page, bots.writer)).toBeVisible();
  await expect(card(page, bots.coder)).toHaveCount(0);
  await page.getByTestId('store-categories').getByText('Programming', { exact: true }).click();
  await expect(card(page, bots.coder)).toBeVisible();
  await expect(card(page, bots.writer)).toHaveCount(0);
  await page.getByTestId('store-categories').getByText('All', { exact: true }).click();

  // Search: typed a key at a time, asked once, after the typing stops (300 ms debounce).
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname === '/api/chatbots/' && u.searchParams.get('search_term')) asked.push(u.searchParams.get('search_term')!);
  });
  const searched = page.waitForResponse((r) => r.url().includes(`search_term=${RUN}`));
  await page.getByTestId('store-search').pressSequentially(RUN, { delay: 40 });
  await searched;
  await expect(page.getByTestId('store-grid').getByRole('link')).toHaveCount(2);
  expect(asked).toEqual([RUN]);

  // Popular first: the writer has this month's message; newest first: the coder.
  const cards = page.getByTestId('store-grid').getByRole('link');
  await expect(cards.first()).toHaveAttribute('data-testid', `store-card-${bots.writer}`);
  await expect(card(page, bots.writer).getByTestId('store-card-month')).not.toHaveText('0 this month');
  await expect(card(page, bots.coder).getByTestId('store-card-month')).toHaveText('0 this month');
  await page.getByTestId('store-order').getByText('Newest').click();
  await expect(cards.first()).toHaveAttribute('data-testid', `store-card-${bots.coder}`);
  await page.getByTestId('store-order').getByText('Popular').click();
  await expect(cards.first()).toHaveAttribute('data-testid', `store-card-${bots.writer}`);
  await shot(page, 'store', 'en');

  // Nothing matches: the empty state, and clearing it brings the cards back.
  await search(page, `nothing-${RUN}-here`);
  await expect(page.getByTestId('store-empty')).toContainText('No chatbots match');
  await expectAccessible(page, 'store without results');
  await page.getByTestId('store-clear').click();
  await expect(card(page, bots.writer)).toBeVisible();

  // A card opens a new chat with its chatbot, which answers.
  await setFakeLlm({ reply: 'Here is your polished text.', tokenDelayMs: 2 });
  await card(page, bots.writer).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/chat/${bots.writer}$`));
  await page.getByTestId('chat-input').fill('Polish: hello world');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Here is your polished text.');

  // It is now a recent chatbot; the coder joins it once opened, most recent first.
  const recent = page.getByTestId('recent-chatbots');
  await expect(recent.getByTestId(`recent-chatbot-${bots.writer}`)).toContainText(WRITER.en);
  await page.goto(`/dashboard/chat/${bots.coder}`);
  await expect(recent.getByTestId(`recent-chatbot-${bots.coder}`)).toBeVisible();
  await expect(recent.locator('[data-testid^="recent-chatbot-"]:not([data-testid*="remove"])').first()).toHaveAttribute('data-testid', `recent-chatbot-${bots.coder}`);
  await expectAccessible(page, 'navigation with recent chatbots');

  // Removed with its hover button; it stays gone after a reload; a link leads back to its chat.
  await recent.getByTestId(`recent-chatbot-${bots.writer}`).hover();
  await page.getByTestId(`recent-chatbot-remove-${bots.writer}`).click();
  await expect(page.getByTestId(`recent-chatbot-${bots.writer}`)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(`recent-chatbot-${bots.coder}`)).toBeVisible();
  await expect(page.getByTestId(`recent-chatbot-${bots.writer}`)).toHaveCount(0);
  await page.getByTestId(`recent-chatbot-${bots.coder}`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/chat/${bots.coder}$`));

  // The store in Korean.
  await setLanguage(page, 'ko');
  await page.goto('/dashboard/store');
  await search(page, RUN);
  await expect(card(page, bots.writer)).toContainText(WRITER.ko);
  await expect(page.getByTestId('store-categories')).toContainText('글쓰기');
  await shot(page, 'store', 'ko');
  await setLanguage(page, 'en');
});

test('the store loads a page of twelve at a time: Load more brings the rest, then goes away', async ({ page }) => {
  // Not containing RUN: the other tests' searches must not find these.
  const tag = `paged ${[...RUN].reverse().join('')}`;
  for (let i = 1; i <= 14; i += 1) paged.push(await publish({ ko: `${tag} ${i}`, en: `${tag} ${i}` }, writing));
  await signInAs(page, E2E_MEMBER, 'en');
  await page.goto('/dashboard/store');
  await search(page, tag);
  const cards = page.getByTestId('store-grid').getByRole('link');
  await expect(page.getByTestId('store-total')).toHaveText('14 chatbots');
  await expect(cards).toHaveCount(12);
  await page.getByTestId('store-more').click();
  await expect(cards).toHaveCount(14);
  await expect(page.getByTestId('store-more')).toHaveCount(0, { timeout: 5_000 });
});

test.describe('phone', () => {
  test.use(SIZES.phone);
  test('the store on a phone: one card a row, categories scroll sideways, recent chatbots in the menu', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await page.goto('/dashboard/store');
      await search(page, RUN);
      await expect(card(page, bots.writer)).toBeVisible();
      await expect(card(page, bots.coder)).toBeVisible();
      const [a, b] = [await card(page, bots.writer).boundingBox(), await card(page, bots.coder).boundingBox()];
      expect(Math.abs(a!.x - b!.x)).toBeLessThan(2);
      await page.screenshot({ path: `e2e/screenshots/store-phone-${lang}.png`, fullPage: true, animations: 'disabled' });
    }
    await expectAccessible(page, 'phone store');
    await openMenu(page);
    await expect(page.getByTestId(`recent-chatbot-${bots.coder}`)).toBeVisible();
    await setLanguage(page, 'en');
  });
});

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accessToken, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';
import { expectAccessible } from './accounts';

/**
 * Spec §2's restricted-access page: a member who opens an admin URL, another member's session or
 * a chatbot that does not exist for them stays at that URL and sees the page inside the
 * dashboard's frame (title, explanation, a way back to the chat), not a blank screen, a loop or a
 * raw error. Screenshots: e2e/screenshots/restricted-access-<case>-<size>-<language>.png.
 */
test.describe.configure({ mode: 'serial' });
test.afterEach(() => setFakeLlm(null));

const NO_SUCH_CHATBOT = 987654;

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/sign-in/', { data: who });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new session of `token`'s owner on the first default chatbot: [chatbot id, session hash]. */
async function startSession(request: APIRequestContext, token: string, text: string): Promise<[number, string]> {
  const headers = { 'x-access-token': token };
  const bots = (await (await request.get('/api/chatbots/?include_default=true&order_by=id.asc', { headers })).json()) as { items: Array<{ id: number; is_default: boolean }> };
  const bot = bots.items.find((b) => b.is_default)!.id;
  const res = await request.post(`/api/chatbots/${bot}/chat/`, { headers, data: { text } });
  expect(res.status()).toBe(200);
  await res.body();
  return [bot, (JSON.parse(res.headers()['x-chat-meta']!) as { session_hash_id: string }).session_hash_id];
}


let adminSession: string;
let adminBot: number;

test.beforeAll(async ({ request }) => {
  await setFakeLlm({ reply: 'The admin’s own answer.', tokenDelayMs: 1 });
  [adminBot, adminSession] = await startSession(request, await tokenOf(request, E2E_ADMIN), 'A private question of the admin');
  await setFakeLlm(null);
});

test.afterAll(async ({ request }) => {
  const token = await tokenOf(request, E2E_ADMIN);
  await request.delete(`/api/sessions/${adminSession}/`, { headers: { 'x-access-token': token } });
});

const EN_REASONS = {
  admin: 'Only administrators can open the admin console.',
  session: 'This chat belongs to another member or no longer exists',
  chatbot: 'This chatbot is unavailable',
} as const;

/** Opens `path` and checks the page: the URL kept, the dashboard's frame around it, the reason, no admin data asked for. */
async function expectRestricted(page: Page, path: string, reason: keyof typeof EN_REASONS, lang: 'ko' | 'en', small: boolean) {
  const adminCalls: string[] = [];
  const onRequest = (r: { url(): string }) => {
    if (new URL(r.url()).pathname.startsWith('/api/admin/')) adminCalls.push(r.url());
  };
  page.on('request', onRequest);
  await page.goto(path);
  const restricted = page.getByTestId('restricted-page');
  await expect(restricted).toBeVisible();
  await expect(restricted).toHaveAttribute('data-reason', reason);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'This is a restricted access page' : '접근이 제한된 페이지입니다');
  if (lang === 'en') await expect(restricted).toContainText(EN_REASONS[reason]);
  // Stays where it was opened: no redirect (and so no loop).
  expect(new URL(page.url()).pathname).toBe(path);
  // Inside the dashboard's frame: the member's navigation (on a phone, its menu button), not the admin console's.
  await expect(small ? page.getByTestId('menu-button') : page.getByTestId('nav-bar')).toBeVisible();
  await expect(page.getByTestId('admin-nav')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  page.off('request', onRequest);
  expect(adminCalls, 'a member’s browser asks the admin API nothing').toEqual([]);
}

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`${size}`, () => {
    test.use(SIZES[size]);
    const small = size === 'phone';

    test('admin URLs, another member’s session, unknown chatbots and sessions: the restricted-access page', async ({ page }) => {
      // Eleven pages in two languages, screenshots and axe: past one page's minute on a busy machine.
      test.slow();
      await signInAs(page, E2E_MEMBER, 'en');
      const cases: Array<[string, string, keyof typeof EN_REASONS]> = [
        ['admin-members', '/admin/members', 'admin'],
        ['admin-member-groups', '/admin/member-groups', 'admin'],
        ['session', `/dashboard/chat/${adminBot}/${adminSession}`, 'session'],
        ['chatbot', `/dashboard/chat/${NO_SUCH_CHATBOT}`, 'chatbot'],
      ];
      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        for (const [name, path, reason] of cases) {
          await expectRestricted(page, path, reason, lang, small);
          await expectNoSideScroll(page);
          // Lazy parts (an announcement's markdown) have loaded.
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: `e2e/screenshots/restricted-access-${name}-${size}-${lang}.png` });
          if (lang === 'en') await expectAccessible(page, `${path} (${size})`);
        }
      }
      // Less common doors to the same page: the console's root, a session hash that never existed, another member's session under a chatbot that is not there.
      await expectRestricted(page, '/admin', 'admin', 'en', small);
      await expectRestricted(page, `/dashboard/chat/${adminBot}/no-such-session`, 'session', 'en', small);
      await expectRestricted(page, `/dashboard/chat/${NO_SUCH_CHATBOT}/${adminSession}`, 'chatbot', 'en', small);

      // The way back is the chat.
      await page.getByTestId('restricted-back').click();
      await expect(page).toHaveURL(/\/dashboard\/chat(\/\d+)?$/);
      await expect(page.getByTestId('chat-input')).toBeVisible();
      await expect(page.getByTestId('restricted-page')).toHaveCount(0);
    });
  });
}

test('the member’s own session is not restricted', async ({ page, request }) => {
  await setFakeLlm({ reply: 'Your own answer.', tokenDelayMs: 1 });
  await signInAs(page, E2E_MEMBER, 'en');
  const token = await accessToken(page);
  const [bot, own] = await startSession(request, token, 'My own question');
  await page.goto(`/dashboard/chat/${bot}/${own}`);
  await expect(page.getByTestId('chat-message-assistant')).toContainText('Your own answer.');
  await expect(page.getByTestId('restricted-page')).toHaveCount(0);
  await request.delete(`/api/sessions/${own}/`, { headers: { 'x-access-token': token } });
});

test('an admin opening the same admin URLs gets the console', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  for (const path of ['/admin/members', '/admin/member-groups']) {
    await page.goto(path);
    await expect(page.getByTestId('admin-nav')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByTestId('restricted-page')).toHaveCount(0);
    expect(new URL(page.url()).pathname.startsWith(path)).toBe(true);
  }
});

import { expect, type Page, test } from '@playwright/test';
import { approvedMember, PASSWORD, uniqueEmail } from './accounts';
import { accessToken, adminApi, E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

/**
 * What a new user hit in the browser (hardening issue, item 8): the web search switch with the
 * tenant's search off, a double click on New chatbot and on Send, an over-long message, and the
 * credit-depleted text of a member the team plan gives nothing.
 */
test.afterEach(() => setFakeLlm(null));
// Screenshots at two sizes in two languages, and 216K characters typed, take their time.
test.describe.configure({ timeout: 240_000 });

type Bot = { id: number; is_default: boolean; creator_id: number | null; llm_model: { display_name: string } };

async function chatbots(page: Page): Promise<Bot[]> {
  const token = await accessToken(page);
  const res = await page.request.get('/api/chatbots/?include_default=true&size=100', { headers: { 'x-access-token': token } });
  return ((await res.json()) as { items: Bot[] }).items;
}
const defaultBot = async (page: Page, model: string) => (await chatbots(page)).find((b) => b.is_default && b.llm_model.display_name === model)!.id;

/** The viewport of the chat at each size and language, with no sideways scroll. */
async function shots(page: Page, screen: string, lang: 'ko' | 'en', prepare: () => Promise<void>) {
  for (const size of ['desktop', 'phone'] as const) {
    await page.setViewportSize(SIZES[size].viewport);
    await prepare();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
    await expectNoSideScroll(page);
    await page.screenshot({ path: `e2e/screenshots/${screen}-${size}-${lang}.png`, animations: 'disabled' });
  }
  await page.setViewportSize(SIZES.desktop.viewport);
}

test("the web search switch is not offered while the tenant's web search is off", async ({ page, request }) => {
  const admin = await adminApi(request);
  await signInAs(page, E2E_MEMBER, 'en');
  const bot = await defaultBot(page, 'fake-model');
  await page.goto(`/dashboard/chat/${bot}`);
  await expect(page.getByTestId('web-search-toggle')).toBeVisible();
  await admin.send('PUT', '/admin/web-search-settings/', { is_enabled: false, provider: null });
  try {
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await shots(page, 'chat-web-search-off', lang, async () => {
        await page.goto(`/dashboard/chat/${bot}`);
        await expect(page.getByTestId('new-chat-intro')).toBeVisible();
        await expect(page.getByTestId('model-info')).toBeVisible();
        await expect(page.getByTestId('web-search-toggle')).toHaveCount(0);
      });
    }
    await setLanguage(page, 'en');
    // A question goes out without a search, and is answered.
    await setFakeLlm({ reply: 'Answered without the web.' });
    await page.getByTestId('chat-input').fill('What is new?');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Answered without the web.');
  } finally {
    await admin.send('PUT', '/admin/web-search-settings/', { is_enabled: true, provider: null });
  }
});

test('a double click on New chatbot makes one chatbot', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const mine = async () => (await chatbots(page)).filter((b) => !b.is_default).map((b) => b.id);
  const before = await mine();
  await page.goto('/dashboard/studio');
  await expect(page.getByTestId('studio-list')).toBeVisible();
  await page.getByTestId('studio-new').dblclick();
  await expect(page).toHaveURL(/\/dashboard\/studio\/\d+$/);
  // Time for a second request to land, had one gone out.
  await page.waitForTimeout(1500);
  const made = (await mine()).filter((id) => !before.includes(id));
  const token = await accessToken(page);
  for (const id of made) await page.request.delete(`/api/chatbots/${id}/`, { headers: { 'x-access-token': token } });
  expect(made).toHaveLength(1);
});

test('a double click on Send sends once and does not stop the answer it sent', async ({ page }) => {
  const reply = Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' ');
  await setFakeLlm({ reply, tokenDelayMs: 30 });
  await signInAs(page, E2E_MEMBER, 'en');
  await page.goto(`/dashboard/chat/${await defaultBot(page, 'fake-model')}`);
  await page.getByTestId('chat-input').fill('Count to thirty');
  await page.getByTestId('chat-send').dblclick();
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(answer).toContainText('word30');
  await expect(page.getByTestId('chat-message-user')).toHaveCount(1);
});

/** Pasted prose of `n` characters (words and spaces, as a member pastes). */
const prose = (n: number) => 'the quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(n / 45)).slice(0, n);

test('an over-long message: a counter as the limit nears, then 413 in the words of spec §8', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const bot = await defaultBot(page, 'fake-model');
  await page.goto(`/dashboard/chat/${bot}`);
  const input = page.getByTestId('chat-input');
  await input.fill(prose(79_000));
  await expect(page.getByTestId('chat-char-counter')).toHaveCount(0);
  await input.fill(prose(85_000));
  await expect(page.getByTestId('chat-char-counter')).toHaveText('85,000 / 100,000');
  await expect(page.getByTestId('chat-too-long')).toHaveCount(0);
  for (const lang of ['en', 'ko'] as const) {
    await setLanguage(page, lang);
    await shots(page, 'chat-input-counter', lang, async () => {
      await page.goto(`/dashboard/chat/${bot}`);
      // The interface's language is what differs; 85K characters of Korean take the textarea's layout minutes on a busy machine.
      await page.getByTestId('chat-input').fill(prose(85_000));
      await expect(page.getByTestId('chat-char-counter')).toContainText('/ 100,000');
    });
  }
  await setLanguage(page, 'en');
  await page.goto(`/dashboard/chat/${bot}`);
  // 216K characters: the counter says it is over, and the server refuses it with 413, not "the message is not valid".
  await input.fill(prose(216_000));
  await expect(page.getByTestId('chat-char-counter')).toHaveAttribute('data-over', 'true');
  await expect(page.getByTestId('chat-char-counter')).toContainText('216,000 / 100,000');
  await expect(page.getByTestId('chat-too-long')).toHaveText('Over the input limit: split the question.');
  const refused = page.waitForResponse((r) => r.url().includes('/chat/') && r.request().method() === 'POST');
  await page.getByTestId('chat-send').click();
  expect((await refused).status()).toBe(413);
  await expect(page.getByTestId('chat-error')).toHaveText('The input exceeds the limit. Split your question.');
  await expect(page.getByTestId('chat-message-assistant')).toHaveCount(0);
  // The question comes back to the input (as sent: trimmed).
  expect(await input.inputValue()).toBe(prose(216_000).trim());
});

test('a member with no plan and a limit of 0 is told they have no credits, not about a team plan', async ({ page, request }) => {
  const admin = await adminApi(request);
  const email = uniqueEmail('no-credits');
  const id = await approvedMember(request, admin, { email, name: 'No Credits Member', fieldValue: 4 });
  await admin.send('PATCH', `/admin/members/${id}/`, { custom_credit_limit: 0 });
  await signInAs(page, { email, password: PASSWORD }, 'en');
  const bot = await defaultBot(page, 'fake-model');
  await page.goto(`/dashboard/chat/${bot}`);
  const card = page.getByTestId('credit-warning-depleted');
  await expect(card).toContainText('You have no credits to use. Contact your administrator for credits.');
  await expect(card).not.toContainText('team plan');
  await expect(card).not.toContainText('recharge');
  await page.getByTestId('chat-input').fill('Hello?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-error')).toHaveText('Your credits are depleted. Low-cost models remain available.');
  for (const lang of ['en', 'ko'] as const) {
    await setLanguage(page, lang);
    await shots(page, 'credits-depleted-member', lang, async () => {
      await page.goto(`/dashboard/chat/${bot}`);
      await expect(page.getByTestId('credit-warning-depleted')).toContainText(lang === 'ko' ? '사용할 수 있는 크레딧이 없습니다' : 'You have no credits');
    });
  }
  await setLanguage(page, 'en');
});

test("the depleted card in the words of the tenant's plan: free plan, team plan, organisation", async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const bot = await defaultBot(page, 'fake-model');
  const cases = [
    { notice: 'free_plan', depleted: 'member', plan: 'free', testId: 'credit-warning-depleted', en: 'The credits of your free plan are used up', ko: '무료 플랜' },
    { notice: 'team_plan', depleted: 'member', plan: 'team', testId: 'credit-warning-depleted', en: 'credits of your team plan are used up', ko: '팀 플랜' },
    { notice: 'tenant', depleted: 'tenant', plan: 'team', testId: 'credit-warning-tenant-depleted', en: 'Your organisation has used all of its credits', ko: '조직' },
  ] as const;
  for (const c of cases) {
    // The member's credit check as the server answers it in that case (the tenant's plan is the operator's to set).
    await page.route(/\/api\/members\/\d+\/credit-check\/$/, (route) =>
      route.fulfill({
        json: { remaining_credit: 0, quota: 1000, used_credit: 1000, group: { remaining_credit: null }, tenant: { remaining_credit: c.depleted === 'tenant' ? 0 : null }, depleted: c.depleted, depleted_notice: c.notice, plan_kind: c.plan, is_low_llm_free: c.plan !== 'free' },
      }),
    );
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await page.goto(`/dashboard/chat/${bot}`);
      await expect(page.getByTestId(c.testId)).toContainText(c[lang]);
      if (c.notice === 'free_plan') {
        await shots(page, 'credits-depleted-free-plan', lang, async () => {
          await page.goto(`/dashboard/chat/${bot}`);
          await expect(page.getByTestId(c.testId)).toBeVisible();
        });
      }
    }
    await page.unroute(/\/api\/members\/\d+\/credit-check\/$/);
  }
  await setLanguage(page, 'en');
});

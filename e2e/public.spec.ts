import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { authLanguage, expectAccessible, shot, toastsGone } from './accounts';
import { adminApi, E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

/** The API as a member, with a token of its own (setting up, not what the test looks at). */
async function memberApi(request: APIRequestContext) {
  const res = await request.post('/api/auth/sign-in/', { data: E2E_MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  const headers = { 'x-access-token': ((await res.json()) as { access_token: string }).access_token };
  return async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> => {
    const r = await request.fetch(`/api${path}`, { method, headers, data });
    expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
    return (await r.json()) as T;
  };
}

interface Bot {
  id: number;
  hash_id: string;
  en_name: string;
  ko_name: string;
}

/** A chatbot the member builds and asks to publish for a group, approved by the admin. */
async function publishedChatbot(request: APIRequestContext, member: Awaited<ReturnType<typeof memberApi>>, tag: string): Promise<Bot> {
  const admin = await adminApi(request);
  const draft = await member<Bot>('POST', '/chatbots/');
  const bot = await member<Bot>('PATCH', `/chatbots/${draft.id}/`, {
    ko_name: `${tag} 여행 도우미`,
    en_name: `${tag} Travel helper`,
    ko_key_features: '여행 계획과 준비물을 함께 정리해 드립니다.',
    en_key_features: 'Plans trips with you and lists what to pack.',
    system_instructions: 'You help travellers.',
  });
  const groups = await member<{ items: Array<{ id: number }> }>('GET', '/member-groups/?is_default=true');
  await member('PATCH', `/chatbots/${bot.id}/access/`, { is_public: true, member_group_ids: [groups.items[0]!.id] });
  await admin.send('POST', `/admin/chatbots/${bot.id}/process-publish-request/`, { approve: true });
  return bot;
}

/** A browser with nobody signed in. */
async function visitor(browser: Browser, size: keyof typeof SIZES = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...SIZES[size], locale: 'en-US' });
  return { context, page: await context.newPage() };
}

async function phoneShot(page: Page, screen: string, lang: 'ko' | 'en') {
  await toastsGone(page);
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/${screen}-phone-${lang}.png`, animations: 'disabled' });
}

test.afterEach(() => setFakeLlm(null));

test('a visitor chats on a public link without signing in; a private chatbot\u2019s link is unavailable', async ({ browser, request, page: memberPage }) => {
  const member = await memberApi(request);
  const bot = await publishedChatbot(request, member, `V${Date.now().toString(36)}`);
  const { context, page } = await visitor(browser);
  const historyCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/history/')) historyCalls.push(r.url());
  });

  await page.goto(`/public/chatbots/${bot.hash_id}`);
  await expect(page.getByTestId('new-chat-intro')).toContainText(bot.en_name);
  await expect(page.getByTestId('new-chat-intro')).toContainText('lists what to pack');
  await expect(page.getByTestId('public-sign-in')).toHaveAttribute('href', '/auth');
  await expect(page.getByTestId('model-picker')).toHaveCount(0);
  await expectAccessible(page, 'the public chatbot page');

  // Two questions in one conversation: the second sends back the session the first one made.
  await setFakeLlm({ reply: 'Pack light: **three shirts** and a rain jacket.' });
  const first = page.waitForResponse((r) => r.url().includes(`/api/public/chatbots/${bot.id}/chat/`));
  await page.getByTestId('chat-input').fill('What should I pack for Lisbon?');
  await page.getByTestId('chat-send').click();
  const meta = JSON.parse((await (await first).headerValue('x-chat-meta')) ?? '{}') as { session_hash_id: string };
  expect(meta.session_hash_id).toBeTruthy();
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('rain jacket.');
  await expect(page.getByTestId('chat-message-assistant').last().locator('strong')).toHaveText('three shirts');

  await setFakeLlm({ reply: 'In spring, add a light sweater.' });
  const second = page.waitForRequest((r) => r.url().includes(`/api/public/chatbots/${bot.id}/chat/`));
  await page.getByTestId('chat-input').fill('And in April?');
  await page.getByTestId('chat-send').click();
  const sent = (await second).postDataJSON() as { session_hash_id: string };
  expect(sent.session_hash_id).toBe(meta.session_hash_id);
  expect((await second).headers()['x-access-token']).toBeUndefined();
  await expect(page.getByTestId('chat-message-assistant')).toHaveCount(2);
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('light sweater.');
  await expect(page.getByTestId('chat-message-user')).toHaveText(['What should I pack for Lisbon?', 'And in April?']);
  // The visitor stays on the link, sees no credits, and nothing asks for a history.
  await expect(page).toHaveURL(new RegExp(`/public/chatbots/${bot.hash_id}$`));
  await expect(page.getByTestId('answer-meta').last()).not.toContainText(/credit/i);
  expect(historyCalls).toEqual([]);
  await expectAccessible(page, 'the public chat with answers');
  await shot(page, 'public-chatbot', 'en', false);
  await authLanguage(page, 'ko');
  await expect(page.getByTestId('guest-notice')).toContainText('게스트');
  await expect(page.getByTestId('chat-title')).toHaveText(bot.ko_name);
  await shot(page, 'public-chatbot', 'ko', false);

  // The creator's credits ran out: the visitor is told so, and the question goes back to the input.
  await page.route(`**/api/public/chatbots/${bot.id}/chat/`, (r) =>
    r.fulfill({ status: 402, contentType: 'application/json', body: JSON.stringify({ error: { code: 'creator_credits_depleted', message: 'x' } }) }),
  );
  await page.getByTestId('chat-input').fill('One more?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-error')).toContainText('제작자의 크레딧');
  await expect(page.getByTestId('chat-input')).toHaveValue('One more?');
  await page.unroute(`**/api/public/chatbots/${bot.id}/chat/`);

  // On a phone, in a fresh conversation.
  const phone = await visitor(browser, 'phone');
  await phone.page.goto(`/public/chatbots/${bot.hash_id}`);
  await expect(phone.page.getByTestId('new-chat-intro')).toContainText(bot.en_name);
  await phoneShot(phone.page, 'public-chatbot', 'en');
  await authLanguage(phone.page, 'ko');
  await expect(phone.page.getByTestId('new-chat-intro')).toContainText(bot.ko_name);
  await phoneShot(phone.page, 'public-chatbot', 'ko');
  await phone.context.close();

  // A signed-in member is offered the chat in their dashboard.
  await signInAs(memberPage, E2E_MEMBER, 'en');
  await memberPage.goto(`/public/chatbots/${bot.hash_id}`);
  // Until the chatbot has loaded the button leads to the dashboard's default chat.
  await expect(memberPage.getByTestId('open-in-dashboard')).toHaveAttribute('href', `/dashboard/chat/${bot.id}`);
  await memberPage.getByTestId('open-in-dashboard').click();
  await expect(memberPage).toHaveURL(new RegExp(`/dashboard/chat/${bot.id}$`));
  await expect(memberPage.getByTestId('new-chat-intro')).toContainText(bot.en_name);

  // Made private: its link leads nowhere.
  await member('PATCH', `/chatbots/${bot.id}/access/`, { is_public: false });
  await page.reload();
  await expect(page.getByTestId('public-chatbot-unavailable')).toBeVisible();
  await expect(page.getByTestId('chat-input')).toHaveCount(0);
  await expectAccessible(page, 'an unavailable public chatbot');
  await context.close();
});

test('a member shares a session; it opens signed out, read-only, until they stop sharing', async ({ browser, page, context, request }) => {
  const member = await memberApi(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, E2E_MEMBER, 'en');
  await setFakeLlm({ reply: 'Tokyo in **May** is mild and green.' });
  await page.getByTestId('chat-input').fill('When should I visit Tokyo?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('mild and green.');
  await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]{16,}$/);
  const chatUrl = page.url();
  const chatbotId = Number(new URL(chatUrl).pathname.split('/')[3]);
  const botName = (await member<Bot>('GET', `/chatbots/${chatbotId}/`)).en_name;
  // The model titles a new chat after its first answer (issue 27 item 4): the shared page shows that title.
  const hash = new URL(chatUrl).pathname.split('/')[4]!;
  const titleOf = async () => (await member<{ title: string | null }>('GET', `/sessions/${hash}/`)).title;
  await expect.poll(titleOf, { timeout: 15_000 }).not.toBe('When should I visit Tokyo?');
  const title = (await titleOf())!;

  // Not shared until the member asks for a link.
  await page.getByTestId('chat-share').click();
  const modal = page.getByTestId('share-modal');
  await expect(modal).toHaveAttribute('data-shared', 'false');
  await expect(page.getByTestId('share-link')).toHaveCount(0);
  await page.getByTestId('share-create').click();
  await expect(modal).toHaveAttribute('data-shared', 'true');
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toMatch(/^http:\/\/localhost:\d+\/share\/[\w-]{16,}$/);
  await page.getByTestId('share-copy').click();
  await expect(page.getByTestId('share-copy')).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expectAccessible(page, 'the share modal');
  await shot(page, 'share-modal', 'en', false);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // Signed out, in another browser: the conversation, read-only, with only the chatbot's name.
  const { context: outside, page: reader } = await visitor(browser);
  await reader.goto(link);
  await expect(reader.getByTestId('shared-title')).toHaveText(title);
  await expect(reader.getByTestId('shared-chatbot')).toContainText(botName);
  await expect(reader.getByTestId('chat-message-user')).toHaveText('When should I visit Tokyo?');
  await expect(reader.getByTestId('chat-message-assistant').locator('strong')).toHaveText('May');
  await expect(reader.getByTestId('chat-input')).toHaveCount(0);
  await expect(reader.getByTestId('answer-meta')).toHaveCount(0);
  await expect(reader.locator('body')).not.toContainText(E2E_MEMBER.email);
  await expectAccessible(reader, 'the shared session page');
  await shot(reader, 'shared-session', 'en');

  // Share copies this page's link; New chat leads a visitor to sign in (the chatbot has no public link).
  await reader.getByTestId('shared-share').click();
  await expect(reader.getByTestId('share-page-modal').getByTestId('share-link')).toHaveValue(link);
  await reader.keyboard.press('Escape');
  await authLanguage(reader, 'ko');
  await expect(reader.getByTestId('shared-new-chat')).toHaveText('새 채팅');
  await reader.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await shot(reader, 'shared-session', 'ko');
  await reader.setViewportSize(SIZES.phone.viewport);
  await phoneShot(reader, 'shared-session', 'ko');
  await reader.setViewportSize(SIZES.desktop.viewport);

  // Older messages load on request (here the newest page says there are more).
  const olderRow = (id: number, speaker_type: 'member' | 'chatbot', text: string) =>
    ({ id, created_at: new Date(0).toISOString(), text, reasoning: null, speaker_type, status: 'completed', llm_model_id: null, credits: 0, input_tokens: 0, output_tokens: 0, files: [] });
  const sharedHistory = (url: URL) => url.pathname.startsWith('/api/public/sessions/') && url.pathname.endsWith('/history/');
  await reader.route(sharedHistory, async (route) => {
    if (new URL(route.request().url()).searchParams.get('first_id')) {
      return route.fulfill({ json: { items: [olderRow(1, 'member', 'An older question'), olderRow(2, 'chatbot', 'An older answer')], has_more: false } });
    }
    const res = await route.fetch();
    return route.fulfill({ response: res, json: { ...((await res.json()) as object), has_more: true } });
  });
  await reader.reload();
  await reader.getByTestId('load-older').click();
  await expect(reader.getByTestId('chat-message-user')).toHaveText(['An older question', 'When should I visit Tokyo?']);
  await expect(reader.getByTestId('load-older')).toHaveCount(0);
  await reader.unroute(sharedHistory);
  await reader.getByTestId('shared-new-chat').click();
  await expect(reader.getByTestId('new-chat-modal')).toContainText('로그인');
  await expectAccessible(reader, 'the new-chat modal');
  await reader.getByTestId('new-chat-start').click();
  await expect(reader).toHaveURL(/\/auth$/);

  // A member who opens the link starts a new chat with the chatbot in their dashboard.
  await page.goto(link);
  await expect(page.getByTestId('shared-title')).toHaveText(title);
  await page.getByTestId('shared-new-chat').click();
  await page.getByTestId('new-chat-start').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/chat/${chatbotId}$`));
  await expect(page.getByTestId('new-chat-intro')).toBeVisible();

  // Stop sharing: the link leads nowhere.
  await page.goto(chatUrl);
  await setLanguage(page, 'ko');
  await page.getByTestId('chat-share').click();
  await expect(modal).toHaveAttribute('data-shared', 'true');
  await expect(page.getByTestId('share-link')).toHaveValue(link);
  await shot(page, 'share-modal', 'ko', false);
  await page.getByTestId('share-stop').click();
  await expect(modal).toHaveAttribute('data-shared', 'false');
  await reader.goto(link);
  await expect(reader.getByTestId('shared-session-not-found')).toBeVisible();
  await expectAccessible(reader, 'a session no longer shared');
  await setLanguage(page, 'en');
  await outside.close();
});

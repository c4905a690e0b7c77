import type { Chatbot } from '@app/contracts/chatbots';
import type { AdminToolList, BuiltinTool, MemberToolList, ToolCallsDashboard } from '@app/contracts/tools';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, shot, toastsGone } from './accounts';
import { adminApi, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, fakeLlmReceived, setFakeLlm, setLanguage, signInAs } from './fixtures';

// Tools and agents (decision 050), the web side: a chatbot with a tool on answers with a step card
// where the model called it (the fake upstream's script makes the model call `current_time`, then
// answer); a reload mid-answer keeps the steps; the step limit ends an answer with a notice; the
// studio's tool switches and step limit save; an admin switches a tool off for a group and the
// member's studio shows it unavailable; the model makes an image with `generate_image` and the card
// shows it; a tool the platform cannot run is explained as such, in the studio and the console; the
// console's dashboard counts the calls per tool and month.
// Screenshots in ko and en, desktop and phone.

/** A phone narrower than the other tests' (the brief's 375 px). */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;

/** Long enough that the answer's last step is still being written when the page reloads. */
const WORDS = Array.from({ length: 90 }, (_, i) => `word${i}`).join(' ');

/** The model asks for the time first, then answers with what the tool gave it. */
const clockScript = (answer: string) => [
  { text: 'Let me check the clock.', toolCalls: [{ name: 'current_time', arguments: {} }] },
  { text: answer },
];

interface Member {
  id: number;
  access_token: string;
  default_member_group_id: number | null;
  member_group_ids: number[];
}

/** The member's API with the page's own session (refresh gives the member and a token). */
async function memberApi(page: Page) {
  const res = await page.request.post('/api/auth/refresh/', { data: {} });
  expect(res.ok()).toBe(true);
  const me = (await res.json()) as Member;
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const r = await page.request.fetch(`/api${path}`, { method, headers: { 'x-access-token': me.access_token }, data });
    expect(r.ok(), `${method} ${path}: ${r.status()} ${await r.text()}`).toBe(true);
    return (await r.json()) as T;
  };
  return {
    me,
    call,
    /** A named chatbot with these tool settings, as the studio would have saved it. */
    async chatbot(en: string, tools: BuiltinTool[], maxSteps = 10): Promise<Chatbot> {
      const draft = await call<Chatbot>('POST', '/chatbots/');
      return call<Chatbot>('PATCH', `/chatbots/${draft.id}/`, { ko_name: `${en} 봇`, en_name: en, tools, max_tool_steps: maxSteps });
    },
    remove: (id: number) => page.request.fetch(`/api/chatbots/${id}/`, { method: 'DELETE', headers: { 'x-access-token': me.access_token } }),
  };
}

async function ask(page: Page, question: string): Promise<Locator> {
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  return page.getByTestId('chat-message-assistant').last();
}

/** Clicks a Mantine switch where a person would: its label. */
async function flip(sw: Locator) {
  await sw.locator('xpath=ancestor::label[1]').click();
}

async function memberOn(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signInAs(page, E2E_MEMBER, 'en');
  return page;
}

test.afterEach(() => setFakeLlm(null));

test('a chatbot with a tool answers with a step card placed in its text; opened, accessible, in ko and en, shared too', async ({ page, browser }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const api = await memberApi(page);
  const bot = await api.chatbot('Clock bot', ['current_time']);
  try {
    await setFakeLlm({ script: clockScript('It is morning in UTC, a fine time to start.'), tokenDelayMs: 10 });
    await page.goto(`/dashboard/chat/${bot.id}`);
    const answer = await ask(page, 'What time is it?');
    const card = answer.getByTestId('tool-call');
    await expect(card).toHaveCount(1);
    await expect(answer).toHaveAttribute('data-status', 'completed');
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(card).toHaveAttribute('data-tool', 'current_time');
    // Text before the card, the card, text after.
    const text = (await answer.textContent()) ?? '';
    expect(text.indexOf('Let me check the clock.')).toBeLessThan(text.indexOf('Checked the time'));
    expect(text.indexOf('Checked the time')).toBeLessThan(text.indexOf('It is morning in UTC'));
    // The model was offered the tool, and its result went back in the next request (the session's title request may come between).
    const sent = (await fakeLlmReceived()).filter((r) => 'tools' in r);
    expect(sent).toHaveLength(2);
    expect(JSON.stringify(sent[0]?.tools)).toContain('current_time');
    expect(JSON.stringify(sent[1]?.messages)).toContain('"role":"tool"');

    // Collapsed: a button with the tool's name and how it went; opened, the input and the result.
    const toggle = card.getByRole('button', { name: /Checked the time/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('Done');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(card.getByTestId('tool-call-input')).toHaveText('{}');
    await expect(card.getByTestId('tool-call-output')).toContainText('UTC');
    await expectAccessible(page, 'an answer with a step card');
    await page.getByTestId('chat-input').focus();
    await shot(page, 'agent-tools-chat', 'en', false);

    // The history keeps the card, in Korean too.
    await page.reload();
    await setLanguage(page, 'ko');
    const kept = page.getByTestId('chat-message-assistant').last();
    await expect(kept.getByTestId('tool-call')).toHaveCount(1);
    await expect(kept.getByRole('button', { name: /현재 시각 확인/ })).toContainText('완료');
    await kept.getByTestId('tool-call-toggle').click();
    await expect(kept.getByTestId('tool-call-output')).toContainText('UTC');
    await page.getByTestId('chat-input').focus();
    await shot(page, 'agent-tools-chat', 'ko', false);
    await setLanguage(page, 'en');

    // Shared, the session reads the same, signed out and read-only.
    await page.getByTestId('chat-share').click();
    await page.getByTestId('share-create').click();
    const link = await page.getByTestId('share-link').inputValue();
    const reader = await (await browser.newContext()).newPage();
    await reader.goto(link);
    const shared = reader.getByTestId('read-only-messages').getByTestId('tool-call');
    await expect(shared).toHaveCount(1);
    await expect(shared.getByRole('button', { name: /Checked the time/ })).toHaveAttribute('aria-expanded', 'false');
    await shared.getByTestId('tool-call-toggle').click();
    await expect(shared.getByTestId('tool-call-output')).toContainText('UTC');
    await reader.context().close();
  } finally {
    await api.remove(bot.id);
  }
});

test('a reload mid-answer keeps the steps; the step limit ends an answer with a notice', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const api = await memberApi(page);
  const bot = await api.chatbot('Slow clock bot', ['current_time']);
  const limited = await api.chatbot('One step bot', ['current_time'], 1);
  try {
    // The last step is written slowly: the page reloads while it is.
    await setFakeLlm({ script: clockScript(WORDS), tokenDelayMs: 70 });
    await page.goto(`/dashboard/chat/${bot.id}`);
    const answer = await ask(page, 'Count after the time');
    await expect(answer.getByTestId('tool-call')).toHaveAttribute('data-status', 'done');
    await expect(answer).toContainText('word3');
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]{16,}$/);
    await page.reload();
    const again = page.getByTestId('chat-message-assistant').last();
    // The snapshot brought the card back; the answer goes on to its end.
    await expect(again.getByTestId('tool-call')).toHaveAttribute('data-status', 'done');
    await expect(again).toHaveAttribute('data-status', 'streaming');
    await expect(again).toContainText('word89', { timeout: 20_000 });
    await expect(again).toHaveAttribute('data-status', 'completed');
    await expect(again.getByTestId('tool-call')).toHaveCount(1);

    // One step allowed: the model's call is its last request; the answer says why it stopped.
    await setFakeLlm({ script: [{ text: 'Checking.', toolCalls: [{ name: 'current_time', arguments: {} }] }, { text: 'Never sent.' }], tokenDelayMs: 5 });
    await page.goto(`/dashboard/chat/${limited.id}`);
    const cut = await ask(page, 'What time is it?');
    await expect(cut.getByTestId('answer-notice')).toHaveText("The answer stopped after the chatbot's step limit.");
    await expect(cut).not.toContainText('Never sent.');
    await page.reload();
    await expect(page.getByTestId('chat-message-assistant').last().getByTestId('answer-notice')).toHaveAttribute('data-notice', 'tool_step_limit');
    await setLanguage(page, 'ko');
    await expect(page.getByTestId('chat-message-assistant').last().getByTestId('answer-notice')).toHaveText('챗봇의 단계 한도에 도달해 답변이 멈췄습니다.');
    await setLanguage(page, 'en');
  } finally {
    await api.remove(bot.id);
    await api.remove(limited.id);
  }
});

test('on a phone the step cards fit the width, closed and opened', async ({ browser }) => {
  const page = await memberOn(browser, PHONE);
  const api = await memberApi(page);
  const bot = await api.chatbot('Phone clock bot', ['current_time']);
  try {
    await setFakeLlm({ script: clockScript('It is morning in UTC.'), tokenDelayMs: 5 });
    await page.goto(`/dashboard/chat/${bot.id}`);
    const answer = await ask(page, 'What time is it?');
    await expect(answer).toHaveAttribute('data-status', 'completed');
    await expectNoSideScroll(page);
    await answer.getByTestId('tool-call-toggle').click();
    await expect(answer.getByTestId('tool-call-output')).toBeVisible();
    await expectNoSideScroll(page);
    const box = await answer.getByTestId('tool-call').boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await toastsGone(page);
      await page.screenshot({ path: `e2e/screenshots/agent-tools-chat-phone-${lang}.png`, animations: 'disabled' });
    }
    await setLanguage(page, 'en');
  } finally {
    await api.remove(bot.id);
    await page.context().close();
  }
});

test('the studio saves the tool switches and the step limit', async ({ page, browser }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const api = await memberApi(page);
  const bot = await api.chatbot('Toolbox bot', []);
  try {
    await page.goto(`/dashboard/studio/${bot.id}`);
    const tools = page.getByTestId('chatbot-tools');
    await tools.scrollIntoViewIfNeeded();
    await expect(tools).toContainText('Current time');
    await expect(tools).toContainText('Tells the current date and time.');
    await expect(page.getByTestId('chatbot-max-tool-steps')).toHaveValue('10');
    await flip(page.getByTestId('chatbot-tool-current_time'));
    await flip(page.getByTestId('chatbot-tool-knowledge_search'));
    await page.getByTestId('chatbot-max-tool-steps').fill('30');
    await page.getByTestId('chatbot-max-tool-steps').blur();
    await expect(page.getByTestId('chatbot-max-tool-steps-error')).toHaveText('Between 1 and 25');
    await page.getByTestId('chatbot-max-tool-steps').fill('5');
    const saved = page.waitForResponse((r) => r.url().includes(`/api/chatbots/${bot.id}/`) && r.request().method() === 'PATCH');
    await page.getByTestId('chatbot-save').click();
    const res = await saved;
    expect(res.status()).toBe(200);
    expect(res.request().postDataJSON()).toEqual({ tools: ['knowledge_search', 'current_time'], max_tool_steps: 5 });
    await expect(page.getByTestId('chatbot-dirty')).toHaveAttribute('data-dirty', 'false');
    const stored = await api.call<Chatbot>('GET', `/chatbots/${bot.id}/`);
    expect(stored).toMatchObject({ tools: ['knowledge_search', 'current_time'], max_tool_steps: 5 });

    await page.reload();
    await expect(page.getByTestId('chatbot-tool-current_time')).toBeChecked();
    await expect(page.getByTestId('chatbot-tool-web_search')).not.toBeChecked();
    await expect(page.getByTestId('chatbot-max-tool-steps')).toHaveValue('5');
    await expectAccessible(page, 'the studio with its tools');
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await page.getByTestId('chatbot-tools').scrollIntoViewIfNeeded();
      await shot(page, 'agent-tools-studio', lang, false);
    }
    await expect(page.getByTestId('chatbot-tools')).toContainText('현재 시각');
    await setLanguage(page, 'en');

    // On a phone the section fits the width.
    const phone = await memberOn(browser, PHONE);
    await phone.goto(`/dashboard/studio/${bot.id}`);
    await phone.getByTestId('chatbot-tools').scrollIntoViewIfNeeded();
    await expect(phone.getByTestId('chatbot-tool-current_time')).toBeChecked();
    await expectNoSideScroll(phone);
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(phone, lang);
      await toastsGone(phone);
      await phone.getByTestId('chatbot-tools').scrollIntoViewIfNeeded();
      await phone.screenshot({ path: `e2e/screenshots/agent-tools-studio-phone-${lang}.png`, animations: 'disabled' });
    }
    await setLanguage(phone, 'en');
    await phone.context().close();
  } finally {
    await api.remove(bot.id);
  }
});

test('an admin switches a tool off for a group; the member’s studio shows it unavailable', async ({ page, browser, request }) => {
  const admin = await adminApi(request);
  const member = await memberOn(browser);
  const mine = await memberApi(member);
  const groupIds = [...new Set([mine.me.default_member_group_id, ...mine.me.member_group_ids])].filter((g): g is number => g !== null);
  const bot = await mine.chatbot('Search bot', []);
  try {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin/member-groups');
    await page.getByTestId('groups-tab-tools').click();
    await expect(page).toHaveURL(/\/admin\/member-groups\/tools$/);
    await expect(page.getByTestId('tools-matrix')).toBeVisible();
    await expect(page.getByTestId('matrix-tool-web_search')).toContainText('Web search');
    // Off for every group the member is in: one switch each.
    for (const g of groupIds) {
      const cell = page.getByTestId(`tool-access-web_search-${g}`);
      await expect(cell).toBeChecked();
      const saved = page.waitForResponse((r) => r.url().includes(`/api/admin/tools/web_search/member-groups/${g}/`) && r.request().method() === 'PATCH');
      await flip(cell);
      expect((await saved).status()).toBe(200);
      await expect(cell).not.toBeChecked();
    }
    await page.reload();
    for (const g of groupIds) await expect(page.getByTestId(`tool-access-web_search-${g}`)).not.toBeChecked();
    await expectAccessible(page, 'the tool access matrix');
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await shot(page, 'agent-tools-console', lang, false);
    }
    await setLanguage(page, 'en');

    // The member: the tool is listed unavailable, its switch disabled with the reason.
    const list = await mine.call<MemberToolList>('GET', '/tools/');
    expect(list.items.find((x) => x.tool === 'web_search')?.is_available).toBe(false);
    await member.goto(`/dashboard/studio/${bot.id}`);
    const sw = member.getByTestId('chatbot-tool-web_search');
    await expect(sw).toBeDisabled();
    await expect(sw).toHaveAttribute('data-allowed', 'false');
    await expect(sw).toHaveAttribute('data-reason', 'group');
    expect(list.items.find((x) => x.tool === 'web_search')?.reason).toBe('group');
    await expect(member.getByTestId('chatbot-tools')).toContainText('Not available to your group.');
    await expect(member.getByTestId('chatbot-tool-current_time')).toBeEnabled();
    // This server has an image model: image generation is there to switch on.
    expect(list.items.find((x) => x.tool === 'generate_image')).toEqual({ tool: 'generate_image', is_available: true, reason: null });
    await expect(member.getByTestId('chatbot-tool-generate_image')).toBeEnabled();

    // The console on a phone: the matrix scrolls in its own frame.
    const phone = await (await browser.newContext(PHONE)).newPage();
    await signInAs(phone, E2E_ADMIN, 'en');
    await phone.goto('/admin/member-groups/tools');
    await expect(phone.getByTestId('tools-matrix')).toBeVisible();
    await expectNoSideScroll(phone);
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(phone, lang);
      await toastsGone(phone);
      await phone.screenshot({ path: `e2e/screenshots/agent-tools-console-phone-${lang}.png`, fullPage: true, animations: 'disabled' });
    }
    await setLanguage(phone, 'en');
    await phone.context().close();
  } finally {
    const tools = await admin.get<AdminToolList>('/admin/tools/');
    for (const g of tools.items.find((x) => x.tool === 'web_search')?.member_groups ?? []) {
      if (!g.is_available) await admin.send('PATCH', `/admin/tools/web_search/member-groups/${g.member_group_id}/`, { is_available: true });
    }
    await mine.remove(bot.id);
    await member.context().close();
  }
});

test('the model makes an image with generate_image: the card shows it, the history keeps it', async ({ page, browser }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const api = await memberApi(page);
  const bot = await api.chatbot('Painter bot', ['generate_image']);
  try {
    await setFakeLlm({ script: [{ text: 'Drawing it now.', toolCalls: [{ name: 'generate_image', arguments: { prompt: 'A red kite over the sea' } }] }, { text: 'Here is your kite.' }], tokenDelayMs: 5 });
    await page.goto(`/dashboard/chat/${bot.id}`);
    const answer = await ask(page, 'Draw me a kite');
    await expect(answer).toHaveAttribute('data-status', 'completed');
    const card = answer.getByTestId('tool-call');
    await expect(card).toHaveAttribute('data-tool', 'generate_image');
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(card.getByRole('button', { name: /Made an image/ })).toBeVisible();
    const image = card.getByTestId('message-image');
    await expect(image).toHaveCount(1);
    await expect(image.locator('img')).toHaveJSProperty('complete', true);
    expect(await image.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    await expect(answer).toContainText('Here is your kite.');
    // The images API got the model's prompt.
    const sent = await fakeLlmReceived();
    expect(sent.some((r) => (r as { prompt?: string }).prompt === 'A red kite over the sea')).toBe(true);
    await expectAccessible(page, 'an answer with a generated image');
    await page.getByTestId('chat-input').focus();
    await shot(page, 'agent-tools-image', 'en', false);

    // After a reload, in Korean: the card keeps the image.
    await page.reload();
    await setLanguage(page, 'ko');
    const kept = page.getByTestId('chat-message-assistant').last();
    await expect(kept.getByTestId('tool-call').getByTestId('message-image')).toHaveCount(1);
    await expect(kept.getByRole('button', { name: /이미지 생성/ })).toContainText('완료');
    await page.getByTestId('chat-input').focus();
    await shot(page, 'agent-tools-image', 'ko', false);
    await setLanguage(page, 'en');

    // On a phone the card and its image fit the screen.
    const phone = await memberOn(browser, PHONE);
    await phone.goto(page.url());
    await expect(phone.getByTestId('chat-message-assistant').last().getByTestId('message-image')).toHaveCount(1);
    await expectNoSideScroll(phone);
    await phone.screenshot({ path: 'e2e/screenshots/agent-tools-image-phone-en.png', fullPage: true, animations: 'disabled' });
    await phone.context().close();
  } finally {
    await api.remove(bot.id);
  }
});

test('a tool the platform cannot run says so: the studio’s reason and the console’s note', async ({ page, browser }) => {
  // This server runs every tool; the answers are changed on their way to the page to stand for a
  // server without the code interpreter's sandbox (what the API says then is tested in the API's tests).
  const member = await memberOn(browser);
  const mine = await memberApi(member);
  const bot = await mine.chatbot('Sandbox-less bot', []);
  try {
    await member.route('**/api/tools/', async (route) => {
      const body = (await (await route.fetch()).json()) as MemberToolList;
      const items = body.items.map((x) => (x.tool === 'code_interpreter' ? { ...x, is_available: false, reason: 'not_configured' as const } : x));
      await route.fulfill({ json: { items } });
    });
    await member.goto(`/dashboard/studio/${bot.id}`);
    const sw = member.getByTestId('chatbot-tool-code_interpreter');
    await expect(sw).toBeDisabled();
    await expect(sw).toHaveAttribute('data-reason', 'not_configured');
    const tools = member.getByTestId('chatbot-tools');
    await expect(tools).toContainText('Not set up on this platform.');
    await expect(tools).not.toContainText('Not available to your group.');
    await sw.scrollIntoViewIfNeeded();
    await shot(member, 'agent-tools-studio-not-configured', 'en', false);
    await setLanguage(member, 'ko');
    await expect(tools).toContainText('이 플랫폼에 설정되어 있지 않아 사용할 수 없습니다.');
    await sw.scrollIntoViewIfNeeded();
    await shot(member, 'agent-tools-studio-not-configured', 'ko', false);
    await setLanguage(member, 'en');

    const stand = async (p: Page) =>
      p.route('**/api/admin/tools/', async (route) => {
        const body = (await (await route.fetch()).json()) as AdminToolList;
        await route.fulfill({ json: { items: body.items.map((x) => (x.tool === 'code_interpreter' ? { ...x, is_configured: false } : x)) } });
      });
    await signInAs(page, E2E_ADMIN, 'en');
    await stand(page);
    await page.goto('/admin/member-groups/tools');
    const row = page.getByTestId('matrix-tool-code_interpreter');
    await expect(page.getByTestId('tool-not-configured-code_interpreter')).toContainText('The operator has switched the code interpreter off on this server');
    await expect(row.getByRole('switch')).toHaveCount(0);
    await expect(row).toContainText('Not set up');
    await expect(page.getByTestId('matrix-tool-web_search').getByRole('switch').first()).toBeVisible();
    await expectAccessible(page, 'the tool access matrix with a tool not set up');
    for (const lang of ['en', 'ko'] as const) {
      await setLanguage(page, lang);
      await shot(page, 'agent-tools-console-not-configured', lang, false);
    }
    await setLanguage(page, 'en');

    const phone = await (await browser.newContext(PHONE)).newPage();
    await signInAs(phone, E2E_ADMIN, 'en');
    await stand(phone);
    await phone.goto('/admin/member-groups/tools');
    await expect(phone.getByTestId('tool-not-configured-code_interpreter')).toBeVisible();
    await expectNoSideScroll(phone);
    await toastsGone(phone);
    await phone.screenshot({ path: 'e2e/screenshots/agent-tools-console-not-configured-phone-en.png', fullPage: true, animations: 'disabled' });
    await phone.context().close();
  } finally {
    await mine.remove(bot.id);
    await member.context().close();
  }
});

test('the console’s dashboard counts tool calls: this month’s per tool and per month, in ko and en, on a phone too', async ({ page, browser, request }) => {
  // The first test of this file made a chatbot call current_time this month.
  const admin = await adminApi(request);
  const month = new Date().toISOString().slice(0, 7);
  const { items } = await admin.get<ToolCallsDashboard>('/admin/dashboards/tools/');
  const counted = items.filter((i) => i.month === month && i.tool === 'current_time').reduce((n, i) => n + i.calls, 0);
  expect(counted, 'current_time calls this month').toBeGreaterThanOrEqual(1);

  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin');
  const section = page.getByTestId('tool-calls');
  await expect(section.getByRole('heading', { name: 'Tool calls' })).toBeVisible();
  const row = section.getByTestId('tool-calls-current_time');
  await expect(row).toContainText('Current time');
  await expect(section.getByTestId('tool-calls-current_time-value')).toHaveText(counted.toLocaleString('en'));
  // Every built-in tool is listed, a tool not called with 0; the chart draws the months.
  const builtIn = (await admin.get<AdminToolList>('/admin/tools/')).items.length;
  await expect(section.getByTestId('tool-calls-month').getByRole('listitem')).toHaveCount(builtIn);
  await expect(section.getByTestId('chart-tool-calls').locator('.recharts-bar-rectangle').last()).toBeVisible();
  await expectAccessible(page, 'the dashboard with its tool calls');
  for (const lang of ['en', 'ko'] as const) {
    await setLanguage(page, lang);
    await expect(row).toContainText(lang === 'ko' ? '현재 시각' : 'Current time');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'agent-tools-dashboard', lang, false);
  }
  await setLanguage(page, 'en');

  // No calls at all (the answer changed on its way to the page): the empty state, not a chart of zeros.
  await page.route('**/api/admin/dashboards/tools/**', (route) => route.fulfill({ json: { items: [] } }));
  await page.reload();
  await expect(section.getByTestId('tool-calls-empty')).toHaveText('No tool calls yet');
  await expect(section.getByTestId('chart-tool-calls')).toHaveCount(0);
  await page.unroute('**/api/admin/dashboards/tools/**');

  for (const lang of ['en', 'ko'] as const) {
    const phone = await (await browser.newContext(PHONE)).newPage();
    await signInAs(phone, E2E_ADMIN, lang);
    await phone.goto('/admin');
    const onPhone = phone.getByTestId('tool-calls');
    await expect(onPhone.getByTestId('tool-calls-current_time-value')).toHaveText(counted.toLocaleString(lang));
    await expect(onPhone.getByTestId('chart-tool-calls').locator('.recharts-bar-rectangle').last()).toBeVisible();
    await expectNoSideScroll(phone);
    await onPhone.scrollIntoViewIfNeeded();
    await toastsGone(phone);
    await phone.screenshot({ path: `e2e/screenshots/agent-tools-dashboard-phone-${lang}.png`, animations: 'disabled' });
    await phone.context().close();
  }
});

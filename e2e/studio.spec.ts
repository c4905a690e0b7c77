import type { Chatbot, ChatbotList } from '@app/contracts/chatbots';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, shot, toastsGone } from './accounts';
import { accessToken, adminApi, E2E_MEMBER, setFakeLlm, signInAs, SIZES } from './fixtures';

const REPLY = 'Ahoy! I am the studio test bot, answering from the fake upstream.';

/** The member's API with the page's token: setting up what the test does not look at. */
async function memberApi(page: Page) {
  const headers = { 'x-access-token': await accessToken(page) };
  const call = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await page.request.fetch(`/api${path}`, { method, headers, data });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    call,
    /** A chatbot with names, as the studio would have saved it. */
    async chatbot(ko: string, en: string, extra: Record<string, unknown> = {}): Promise<Chatbot> {
      const draft = await call<Chatbot>('POST', '/chatbots/');
      return call<Chatbot>('PATCH', `/chatbots/${draft.id}/`, { ko_name: ko, en_name: en, ...extra });
    },
  };
}

/** A small two-colour PNG drawn by the browser (so the crop has something to show). */
async function pngBuffer(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 160;
    c.height = 120;
    const x = c.getContext('2d')!;
    x.fillStyle = '#5c7cfa';
    x.fillRect(0, 0, 160, 120);
    x.fillStyle = '#ffd43b';
    x.beginPath();
    x.arc(80, 60, 36, 0, Math.PI * 2);
    x.fill();
    return c.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

/** The editor's form scrolls in its own column: from its top for screenshots. */
async function scrollFormToTop(page: Page) {
  await page.getByTestId('studio-editor-form').evaluate((el) => el.parentElement?.scrollTo(0, 0));
}

test.afterEach(() => setFakeLlm(null));

test('a member builds a chatbot in the studio, test-chats with it, asks to publish it, deletes and hides others', async ({ page }) => {
  await setFakeLlm({ reply: REPLY, tokenDelayMs: 5 });
  await signInAs(page, E2E_MEMBER, 'en');
  const api = await memberApi(page);
  const spare = await api.chatbot('예비', 'Spare bot');
  const shy = await api.chatbot('수줍은', 'Shy bot', { system_instructions: 'Be shy.' });

  await page.goto('/dashboard/studio');
  await expect(page.getByTestId(`studio-chatbot-${spare.id}`)).toContainText('Spare bot');
  await expect(page.getByTestId(`status-${spare.id}`)).toHaveAttribute('data-status', 'private');

  // New → an empty draft in the editor.
  await page.getByTestId('studio-new').click();
  await expect(page).toHaveURL(/\/dashboard\/studio\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByTestId('studio-editor-title')).toHaveText('Untitled');
  await expect(page.getByTestId('chatbot-save')).toBeDisabled();

  // The form: names, key features, instructions, temperature, model, checked by the contract.
  const form = page.getByTestId('chatbot-form');
  await form.getByTestId('chatbot-ko-name').fill('해적 봇');
  await form.getByTestId('chatbot-en-name').fill('x'.repeat(101));
  await form.getByTestId('chatbot-ko-name').focus();
  await expect(form.getByText('At most 100 characters')).toBeVisible();
  await form.getByTestId('chatbot-en-name').fill('Pirate bot');
  await expect(form.getByText('At most 100 characters')).toHaveCount(0);
  await form.getByTestId('chatbot-ko-features').fill('해적 말투로 답합니다');
  await form.getByTestId('chatbot-en-features').fill('Answers like a pirate');
  await form.getByTestId('chatbot-instructions').fill('You are a pirate. Answer in pirate speak.');
  await form.getByTestId('chatbot-temperature').fill('2.5');
  await form.getByTestId('chatbot-temperature').blur();
  await expect(form.getByText('Between 0 and 2')).toBeVisible();
  await form.getByTestId('chatbot-temperature').fill('0.7');
  await form.getByTestId('chatbot-model').click();
  await page.getByRole('option', { name: 'fake-model-2' }).click();
  await expect(page.getByTestId('chatbot-dirty')).toHaveAttribute('data-dirty', 'true');
  // Leaving with unsaved changes asks first; staying keeps them.
  await page.getByTestId('studio-back').click();
  await page.getByTestId('chatbot-stay').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/studio/${id}$`));
  await expect(form.getByTestId('chatbot-en-name')).toHaveValue('Pirate bot');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/chatbots/${id}/`) && r.request().method() === 'PATCH');
  await page.getByTestId('chatbot-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId('chatbot-dirty')).toHaveAttribute('data-dirty', 'false');
  await expect(page.getByTestId('studio-editor-title')).toHaveText('Pirate bot');
  const stored = await api.call<Chatbot>('GET', `/chatbots/${id}/`);
  expect(stored).toMatchObject({ ko_name: '해적 봇', en_name: 'Pirate bot', en_key_features: 'Answers like a pirate', system_instructions: 'You are a pirate. Answer in pirate speak.', temperature: 0.7, top_p: 1 });
  expect(stored.llm_model.display_name).toBe('fake-model-2');

  // Profile image: pick, crop to a square, uploaded as a PNG and served by the platform.
  await page.getByTestId('profile-image-input').setInputFiles({ name: 'pirate.png', mimeType: 'image/png', buffer: await pngBuffer(page) });
  await expect(page.getByTestId('crop-area')).toBeVisible();
  const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/chatbots/${id}/profile-image/`));
  await page.getByTestId('crop-save').click();
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByTestId('crop-area')).toBeHidden();
  await expect(page.getByTestId('profile-image-pick')).toHaveText('Change image');
  const image = (await api.call<Chatbot>('GET', `/chatbots/${id}/`)).profile_image_url;
  expect(image).toMatch(/^\/api\/public\/chatbot-images\//);
  await expect(page.locator(`img[src="${image}"]`).first()).toBeVisible();

  // The test chat beside the form: the fake upstream answers, the page stays, and the session stays out of My sessions.
  const chat = page.getByTestId('studio-test-chat');
  const started = page.waitForResponse((r) => r.url().endsWith(`/api/chatbots/${id}/chat/`));
  await chat.getByTestId('chat-input').fill('Who are you?');
  await chat.getByTestId('chat-send').click();
  const meta = JSON.parse((await started).headers()['x-chat-meta']!) as { session_hash_id: string };
  await expect(chat.getByTestId('chat-message-assistant').last()).toContainText('fake upstream.');
  await expect(page).toHaveURL(new RegExp(`/dashboard/studio/${id}$`));
  await expect(page.getByTestId(`session-row-${meta.session_hash_id}`)).toHaveCount(0);
  const mine = await api.call<{ items: Array<{ hash_id: string }> }>('GET', '/sessions/');
  expect(mine.items.map((s) => s.hash_id)).not.toContain(meta.session_hash_id);
  await expectAccessible(page, 'studio editor');
  await scrollFormToTop(page);
  await shot(page, 'studio-editor', 'en', false);

  // Restart: a fresh test conversation.
  await page.getByTestId('test-restart').click();
  await expect(chat.getByTestId('chat-message-assistant')).toHaveCount(0);
  await expect(page.getByTestId('test-restart')).toBeDisabled();

  // Publishing: groups and a category, then the request waits for an admin.
  await page.getByTestId('publish-open').click();
  const modal = page.getByTestId('publish-modal');
  await modal.getByTestId('publish-submit').click();
  await expect(modal.getByText('Choose at least one group')).toBeVisible();
  // Mantine's options (the language switch's native options are options too).
  const firstOption = () => page.locator('[data-combobox-option]:visible').first();
  // A multi-select keeps its list open after a choice: a click on the title closes it (with the
  // many groups of a full run, the open list would cover the next field).
  await modal.getByTestId('publish-groups').click();
  await firstOption().click();
  await page.locator('.mantine-Modal-title').click();
  await modal.getByTestId('publish-category').click();
  await firstOption().click();
  await modal.getByTestId('publish-submit').click();
  await expect(page.getByTestId('publish-submit')).toBeHidden();
  await expect(page.getByTestId(`status-${id}`)).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByTestId('publish-withdraw')).toBeVisible();
  expect(await api.call<Chatbot>('GET', `/chatbots/${id}/`)).toMatchObject({ waiting_publish: true, publish_status: 'waiting' });

  // Back to the list: delete one chatbot after confirming, hide and unhide another.
  await page.getByTestId('studio-back').click();
  await expect(page.getByTestId(`status-${id}`)).toHaveAttribute('data-status', 'waiting');
  await expect(page.getByTestId(`toggle-hidden-${id}`)).toHaveCount(0);
  await page.getByTestId(`delete-${spare.id}`).click();
  await expect(page.getByTestId('dialog')).toContainText('Spare bot');
  await page.getByTestId('confirm-delete-chatbot').click();
  await expect(page.getByTestId(`studio-chatbot-${spare.id}`)).toHaveCount(0);
  const spareGone = await page.request.get(`/api/chatbots/${spare.id}/`, { headers: { 'x-access-token': await accessToken(page) } });
  expect(spareGone.status()).toBe(404);

  await page.getByTestId(`toggle-hidden-${shy.id}`).click();
  await expect(page.getByTestId(`studio-chatbot-${shy.id}`)).toHaveCount(0);
  await page.getByTestId('studio-show-hidden').click();
  await expect(page.getByTestId(`hidden-${shy.id}`)).toBeVisible();
  await page.getByTestId(`toggle-hidden-${shy.id}`).click();
  await expect(page.getByTestId(`hidden-${shy.id}`)).toHaveCount(0);
  await page.getByTestId('studio-show-hidden').click();
  await expect(page.getByTestId(`studio-chatbot-${shy.id}`)).toBeVisible();
  // Not through the toasts above the cards (axe would measure a badge's contrast against a toast).
  await toastsGone(page);
  await expectAccessible(page, 'studio list');
  await shot(page, 'studio-list', 'en');
});

test('the author sees each publishing state: rejected with the reason, public with its link, unpublished changes, made private', async ({ page, request }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, E2E_MEMBER, 'en');
  const api = await memberApi(page);
  const admin = await adminApi(request);
  const groups = await api.call<{ items: Array<{ id: number }> }>('GET', '/member-groups/?size=100');
  const bot = await api.chatbot('리뷰 봇', 'Review bot', { system_instructions: 'Be helpful.' });
  await api.call('PATCH', `/chatbots/${bot.id}/access/`, { is_public: true, member_group_ids: [groups.items[0]!.id] });
  await admin.send('POST', `/admin/chatbots/${bot.id}/process-publish-request/`, { approve: false, reason: 'Say what it does in the key features.' });

  // Rejected: the reason on the card and in the editor.
  await page.goto('/dashboard/studio');
  await expect(page.getByTestId(`status-${bot.id}`)).toHaveAttribute('data-status', 'rejected');
  await expect(page.getByTestId(`rejected-${bot.id}`)).toContainText('Say what it does in the key features.');
  await page.getByTestId(`edit-${bot.id}`).click();
  await expect(page.getByTestId('publish-rejected')).toContainText('Say what it does in the key features.');

  // Mended and asked again.
  await page.getByTestId('chatbot-en-features').fill('Reviews your writing and suggests clearer sentences');
  await page.getByTestId('chatbot-save').click();
  await expect(page.getByTestId('chatbot-dirty')).toHaveAttribute('data-dirty', 'false');
  await expect(page.getByTestId('publish-open')).toHaveText('Request review again');
  await page.getByTestId('publish-open').click();
  // The groups of the rejected request are chosen again already.
  await expect(page.getByTestId('publish-modal').locator('.mantine-Pill-root')).toHaveCount(1);
  await page.getByTestId('publish-submit').click();
  await expect(page.getByTestId(`status-${bot.id}`)).toHaveAttribute('data-status', 'waiting');

  // Approved: public, with its link to copy.
  await admin.send('POST', `/admin/chatbots/${bot.id}/process-publish-request/`, { approve: true });
  await page.reload();
  await expect(page.getByTestId(`status-${bot.id}`)).toHaveAttribute('data-status', 'public');
  const link = `${new URL(page.url()).origin}/public/chatbots/${bot.hash_id}`;
  await expect(page.getByTestId('public-link')).toHaveValue(link);
  await page.getByTestId('public-link-copy').click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // A change after approval: the hint, and a review of the changes to ask for.
  await page.getByTestId('chatbot-instructions').fill('Be helpful and brief.');
  await page.getByTestId('chatbot-save').click();
  await expect(page.getByTestId('publish-unreleased')).toBeVisible();
  await expect(page.getByTestId('publish-open')).toHaveText('Request review of changes');
  await toastsGone(page);
  await expectAccessible(page, 'studio editor of a public chatbot');
  await scrollFormToTop(page);
  await shot(page, 'studio-editor-public', 'en', false);

  // Made private after confirming: the link goes.
  await page.getByTestId('publish-make-private').click();
  await page.getByTestId('confirm-makePrivate').click();
  await expect(page.getByTestId(`status-${bot.id}`)).toHaveAttribute('data-status', 'private');
  await expect(page.getByTestId('public-link')).toHaveCount(0);
});

test('the studio in Korean: list and editor', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'ko');
  const api = await memberApi(page);
  const bot = await api.chatbot('글쓰기 도우미', 'Writing helper', {
    ko_key_features: '문장을 다듬고 요약합니다',
    en_key_features: 'Polishes and summarises text',
    system_instructions: '당신은 글쓰기를 돕는 친절한 도우미입니다.',
  });
  const list = await api.call<ChatbotList>('GET', `/chatbots/?creator_id=${bot.creator_id}&include_default=false`);
  expect(list.items.some((c) => c.id === bot.id)).toBe(true);

  await page.goto('/dashboard/studio');
  await expect(page.getByTestId(`studio-chatbot-name-${bot.id}`)).toHaveText('글쓰기 도우미');
  await expect(page.getByTestId('studio-list')).toContainText('스튜디오');
  await shot(page, 'studio-list', 'ko');

  await page.getByTestId(`edit-${bot.id}`).click();
  await expect(page.getByTestId('studio-editor-title')).toHaveText('글쓰기 도우미');
  await expect(page.getByTestId('publish-state')).toContainText('나만 사용할 수 있는');
  await expect(page.getByTestId('documents-empty')).toBeVisible();

  // Documents upload and list with their size; one is deleted after confirming.
  await page.getByTestId('documents-input').setInputFiles({ name: 'style-guide.txt', mimeType: 'text/plain', buffer: Buffer.from('Short sentences. Active voice.\n'.repeat(100)) });
  const doc = page.locator('[data-testid^="document-"]').filter({ hasText: 'style-guide.txt' });
  await expect(doc).toContainText('3 KB');
  await expect(page.getByTestId('documents-count')).toHaveText('1 / 10');
  await doc.getByRole('button').click();
  await page.getByTestId('confirm-delete-document').click();
  await expect(page.getByTestId('documents-empty')).toBeVisible();
  await expectAccessible(page, 'studio editor in ko');
  await scrollFormToTop(page);
  await shot(page, 'studio-editor', 'ko', false);
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  test('the editor on a phone: settings and test chat in tabs', async ({ page }) => {
    await setFakeLlm({ reply: REPLY, tokenDelayMs: 5 });
    await signInAs(page, E2E_MEMBER, 'en');
    const api = await memberApi(page);
    const bot = await api.chatbot('모바일 봇', 'Phone bot', { system_instructions: 'Keep answers short.' });
    await page.goto(`/dashboard/studio/${bot.id}`);
    await expect(page.getByTestId('studio-tab-settings')).toBeVisible();
    await expect(page.getByTestId('chatbot-en-name')).toHaveValue('Phone bot');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'e2e/screenshots/studio-editor-phone-en.png', animations: 'disabled' });

    await page.getByTestId('studio-tab-test').click();
    const chat = page.getByTestId('studio-test-chat');
    await chat.getByTestId('chat-input').fill('Hello');
    await chat.getByTestId('chat-send').click();
    await expect(chat.getByTestId('chat-message-assistant').last()).toContainText('fake upstream.');
    await expect(page).toHaveURL(new RegExp(`/dashboard/studio/${bot.id}$`));
    await expectAccessible(page, 'studio test chat on a phone');
    await page.screenshot({ path: 'e2e/screenshots/studio-editor-phone-chat-en.png', animations: 'disabled' });

    // The list: one card a row, nothing wider than the screen.
    await page.getByTestId('studio-tab-settings').click();
    await page.getByTestId('studio-back').click();
    await expect(page.getByTestId(`studio-chatbot-${bot.id}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/studio-list-phone-en.png', animations: 'disabled' });
  });
});

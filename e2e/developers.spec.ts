import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, shot, toastsGone } from './accounts';
import { E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

interface Bot {
  id: number;
  hash_id: string;
  en_name: string;
  llm_model: { display_name: string };
  ko_name: string;
}
interface Created {
  id: number;
  prefix: string;
  secret: string;
}

/** The chatbots the page offers (the member's, with the defaults), as the page asks for them. */
async function memberChatbots(request: APIRequestContext): Promise<Bot[]> {
  const res = await request.post('/api/auth/sign-in/', { data: E2E_MEMBER });
  expect(res.ok(), await res.text()).toBe(true);
  const headers = { 'x-access-token': ((await res.json()) as { access_token: string }).access_token };
  const list = await request.get('/api/chatbots/?include_default=true&size=100', { headers });
  expect(list.ok()).toBe(true);
  return ((await list.json()) as { items: Bot[] }).items;
}

/** Fills and submits the create form; answers the created key (with its secret) as the API sent it. */
async function createKey(page: Page, name: string, chatbot?: string): Promise<Created> {
  await page.getByTestId('api-key-create').first().click();
  // The modal's root wraps its overlay and content without a box of its own: the dialog is what shows.
  const form = page.getByRole('dialog');
  await expect(form).toBeVisible();
  await form.getByTestId('api-key-name').fill(name);
  if (chatbot) {
    await form.getByTestId('api-key-chatbots').click();
    await page.getByRole('option', { name: chatbot, exact: true }).click();
    // Closes the options (Escape would close the modal too).
    await form.getByTestId('api-key-name').click();
    await expect(page.getByRole('option', { name: chatbot, exact: true })).toBeHidden();
  }
  const created = page.waitForResponse((r) => r.url().endsWith('/api/apikeys/') && r.request().method() === 'POST');
  await form.getByTestId('api-key-save').click();
  const res = await created;
  expect(res.status()).toBe(201);
  return (await res.json()) as Created;
}

/** The whole page on a desktop: its own frame scrolls, not the window, so the window is made tall enough to hold it. */
async function pageShot(page: Page, lang: 'ko' | 'en') {
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.getByTestId('developers-page').evaluate((el) => el.parentElement?.scrollTo(0, 0));
  await shot(page, 'developers', lang, false);
  await page.setViewportSize(SIZES.desktop.viewport);
}

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

// The fake upstream as it started, whatever an earlier spec on this server left it answering.
test.beforeEach(() => setFakeLlm(null));

test('a member creates an API key, copies its secret once, calls /v1 with it, renames and revokes it', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Chatbots that answer in text: the image model's (playwright.config.ts) answers with an image.
  const listed = await memberChatbots(request);
  const bots = listed.filter((b) => b.llm_model.display_name !== 'fake-image');
  const bot = bots[0]!;
  await signInAs(page, E2E_MEMBER, 'en');
  await page.getByTestId('developers-link').click();
  await expect(page).toHaveURL(/\/dashboard\/developers$/);
  await expect(page.getByRole('heading', { name: 'Developers', level: 2 })).toBeVisible();
  await expect(page.getByTestId('api-keys-empty')).toContainText('No API keys yet');

  // The form says what is wrong before anything is sent.
  await page.getByTestId('api-key-create').first().click();
  const form = page.getByRole('dialog');
  await form.getByTestId('api-key-save').click();
  await expect(form.getByText('Enter a name.')).toBeVisible();
  await form.getByTestId('api-key-expiry').selectOption('custom');
  await form.getByTestId('api-key-expiry-day').fill('2020-01-01');
  await form.getByTestId('api-key-name').click();
  await expect(form.getByText('Choose a date after today.')).toBeVisible();
  await expectAccessible(page, 'the create key form with errors');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);

  // Created for one chatbot; the secret is shown once, copied.
  const key = await createKey(page, 'CI script', bot.en_name);
  expect(key.prefix).toMatch(/^sk-cb-.+…$/);
  expect(key.secret.startsWith(key.prefix.slice(0, -1))).toBe(true);
  const secretModal = page.getByTestId('api-key-secret-modal');
  await expect(secretModal).toContainText('CI script');
  await expect(page.getByTestId('api-key-secret-warning')).toContainText('cannot be shown again');
  await expect(page.getByTestId('api-key-secret')).toHaveValue(key.secret);
  await page.getByTestId('api-key-secret-copy').click();
  await expect(page.getByTestId('api-key-secret-copy')).toHaveAttribute('data-copied', 'true');
  await expect(page.getByTestId('api-key-secret-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key.secret);
  await expectAccessible(page, 'the new key\u2019s secret');
  await shot(page, 'developers-secret', 'en', false);
  await page.getByTestId('api-key-secret-done').click();
  await expect(secretModal).toHaveCount(0);
  // Nowhere on the page any more.
  await expect(page.getByText(key.secret)).toHaveCount(0);

  const row = page.getByTestId(`api-key-row-${key.id}`);
  await expect(page.getByTestId(`api-key-name-${key.id}`)).toHaveText('CI script');
  await expect(page.getByTestId(`api-key-prefix-${key.id}`)).toHaveText(key.prefix);
  await expect(page.getByTestId(`api-key-chatbots-${key.id}`)).toHaveText(bot.en_name);
  await expect(page.getByTestId(`api-key-last-used-${key.id}`)).toHaveText('Never');
  await expect(page.getByTestId(`api-key-expires-${key.id}`)).toHaveText('Never');
  await expect(page.getByTestId(`api-key-requests-${key.id}`)).toHaveText('0 requests');

  // The OpenAI-compatible API with that secret: only the allowed chatbot, and it answers.
  const models = await page.request.get('/v1/models', { headers: bearer(key.secret) });
  expect(models.status(), await models.text()).toBe(200);
  expect(((await models.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id)).toEqual([bot.hash_id]);
  const completion = await page.request.post('/v1/chat/completions', {
    headers: bearer(key.secret),
    data: { model: bot.hash_id, messages: [{ role: 'user', content: 'Hello from the test' }], stream: false },
  });
  expect(completion.status(), await completion.text()).toBe(200);
  expect(((await completion.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content).not.toBe('');

  // Counted on the key (its use is recorded as the answer ends).
  // Each try reloads and waits for the list itself; a busy machine may take seconds to draw it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId(`api-key-last-used-${key.id}`)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId(`api-key-last-used-${key.id}`)).toHaveAttribute('data-used', 'true', { timeout: 2000 });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId(`api-key-last-used-${key.id}`)).not.toHaveText('Never');
  await expect(page.getByTestId(`api-key-requests-${key.id}`)).toHaveText('1 request');

  // Examples with this site's base URL and the first chatbot as the model.
  const origin = new URL(page.url()).origin;
  await expect(page.getByTestId('api-base-url')).toHaveText(`${origin}/v1`);
  await expect(page.getByTestId('api-example-curl')).toContainText(`${origin}/v1/chat/completions`);
  await expect(page.getByTestId('api-example-curl')).toContainText(`"model": "${listed[0]!.hash_id}"`);
  await page.getByTestId('api-examples-tab-python').click();
  await expect(page.getByTestId('api-example-python')).toContainText('from openai import OpenAI');
  await page.getByTestId('api-examples-mode').getByText('Streaming').click();
  await expect(page.getByTestId('api-example-python')).toContainText('stream=True');
  await page.getByTestId('api-example-python-copy').click();
  await expect(page.getByTestId('api-example-python-copy')).toHaveAttribute('data-copied', 'true');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`base_url="${origin}/v1"`);
  expect(copied).toContain(`model="${listed[0]!.hash_id}"`);
  await page.getByTestId('api-examples-tab-javascript').click();
  await expect(page.getByTestId('api-example-javascript')).toContainText("import OpenAI from 'openai';");
  await expectAccessible(page, 'developers page');
  await pageShot(page, 'en');

  // Renamed.
  await page.getByTestId(`api-key-edit-${key.id}`).click();
  await page.getByRole('dialog').getByTestId('api-key-name').fill('CI deploy');
  await page.getByTestId('api-key-save').click();
  await expect(page.getByTestId('api-key-form')).toHaveCount(0);
  await expect(page.getByTestId(`api-key-name-${key.id}`)).toHaveText('CI deploy');

  // On a phone: the table and the code scroll in their own frames, the page does not.
  await page.setViewportSize(SIZES.phone.viewport);
  await toastsGone(page);
  await expect(page.getByTestId('api-keys-cards')).toBeVisible();
  await expect(page.getByTestId(`api-key-last-used-${key.id}`)).not.toHaveText('Never');
  await expect(page.getByTestId(`api-key-edit-${key.id}`)).toBeInViewport();
  await page.getByTestId('developers-page').evaluate((el) => el.parentElement?.scrollTo(0, 0));
  await expectNoSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/developers-phone-en.png', animations: 'disabled' });
  await page.setViewportSize(SIZES.desktop.viewport);

  // Korean: a second key for every chatbot, its secret, the list.
  await setLanguage(page, 'ko');
  await expect(page.getByRole('heading', { name: '개발자', level: 2 })).toBeVisible();
  const other = await createKey(page, '임시 키');
  await expect(page.getByTestId('api-key-secret')).toHaveValue(other.secret);
  await shot(page, 'developers-secret', 'ko', false);
  await page.getByTestId('api-key-secret-done').click();
  await expect(page.getByTestId(`api-key-chatbots-${other.id}`)).toHaveText('모든 챗봇');
  await expect(page.getByTestId(`api-key-last-used-${other.id}`)).toHaveText('없음');
  await pageShot(page, 'ko');

  // Revoked after confirming: gone from the list, and refused by /v1 at once.
  await page.getByTestId(`api-key-revoke-${key.id}`).click();
  await expect(page.getByTestId('dialog')).toContainText('CI deploy');
  await page.getByTestId('confirm-revoke-api-key').click();
  await expect(row).toHaveCount(0);
  const refused = await page.request.get('/v1/models', { headers: bearer(key.secret) });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { type: string } }).error).toBeTruthy();

  // Leaves no key behind for other tests.
  await page.getByTestId(`api-key-revoke-${other.id}`).click();
  await page.getByTestId('confirm-revoke-api-key').click();
  await expect(page.getByTestId('api-keys-empty')).toBeVisible();
});

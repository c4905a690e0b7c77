import { expect, test } from '@playwright/test';
import { E2E_MEMBER, setFakeLlm, setLanguage, signInAs } from './fixtures';

const LONG = Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ');

test.afterEach(() => setFakeLlm(null));

test.describe('chat', () => {
  test('a new chat streams an answer that grows on screen, then lives in My sessions and survives a reload', async ({ page }) => {
    await setFakeLlm({ reply: 'The **quick** brown fox jumps over the lazy dog and keeps running far into the green forest.', tokenDelayMs: 60 });
    await signInAs(page, E2E_MEMBER, 'en');
    await expect(page.getByTestId('new-chat-intro')).toBeVisible();
    await page.getByTestId('chat-input').fill('Tell me about foxes');
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-message-assistant').last();
    await expect(answer).toContainText('quick');
    // The answer grows while streaming: sample its length over time.
    const lengths: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      lengths.push(((await answer.textContent()) ?? '').length);
      await page.waitForTimeout(120);
    }
    expect(lengths.at(-1)!).toBeGreaterThan(lengths[0]!);
    await expect(answer).toContainText('green forest.');
    await expect(answer.locator('strong')).toHaveText('quick');
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]{16,}$/);
    const hash = page.url().split('/').pop()!;
    // My sessions lists it (titled by the model after the first answer: e2e/titles-and-release-notes.spec.ts).
    await expect(page.getByTestId(`session-row-${hash}`)).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('chat-message-user')).toHaveText('Tell me about foxes');
    await expect(page.getByTestId('chat-message-assistant')).toContainText('green forest.');
  });

  test('stop mid-stream keeps the partial answer, also after a reload', async ({ page }) => {
    await setFakeLlm({ reply: LONG, tokenDelayMs: 50 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Count slowly');
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-message-assistant').last();
    await expect(answer).toContainText('word5');
    await page.getByTestId('chat-stop').click();
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    const partial = ((await answer.textContent()) ?? '').length;
    expect(partial).toBeLessThan(LONG.length);
    await page.reload();
    const again = page.getByTestId('chat-message-assistant').last();
    await expect(again).toHaveAttribute('data-status', 'stopped');
    await expect(again).toContainText('word5');
    expect(((await again.textContent()) ?? '').length).toBeLessThan(LONG.length);
  });

  test('a reload mid-answer reattaches: the rest of the answer arrives and it completes (issue 27 item 5)', async ({ page }) => {
    await setFakeLlm({ reply: LONG, tokenDelayMs: 25 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Count while I reload');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('word5');
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]{16,}$/);
    await page.reload();
    const answer = page.getByTestId('chat-message-assistant').last();
    // The answer went on while the page was away; after the reload it keeps growing to its end.
    await expect(answer).toContainText('word149', { timeout: 20_000 });
    await expect(answer).toHaveAttribute('data-status', 'completed');
    await expect(answer).toContainText(LONG);
    await page.reload();
    await expect(page.getByTestId('chat-message-assistant').last()).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('word149');
  });

  test('a new send aborts the previous stream', async ({ page }) => {
    await setFakeLlm({ reply: LONG, tokenDelayMs: 50 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('First');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('word3');
    await page.getByTestId('chat-stop').click();
    await setFakeLlm({ reply: 'Second answer.', tokenDelayMs: 5 });
    await page.getByTestId('chat-input').fill('Second');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toHaveText(/Second answer\./);
    await expect(page.getByTestId('chat-message-user')).toHaveCount(2);
  });

  test('thinking mode shows the reasoning, collapsible', async ({ page }) => {
    await setFakeLlm({ reasoning: 'First I consider the question carefully.', reply: 'Forty-two.' });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('thinking-toggle').check();
    await page.getByTestId('chat-input').fill('Meaning of life?');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Forty-two.');
    const reasoning = page.getByTestId('chat-reasoning');
    await expect(reasoning).toBeVisible();
    await reasoning.getByRole('button').click();
    await expect(reasoning).toContainText('First I consider the question carefully.');
  });

  test('rename and delete the chat from its header', async ({ page }) => {
    await setFakeLlm({ reply: 'Short answer.', tokenDelayMs: 5 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Rename this chat');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Short answer.');
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
    const hash = page.url().split('/').pop()!;
    await page.getByTestId('chat-rename').click();
    await page.getByTestId('rename-session-input').fill('Renamed chat');
    await page.getByTestId('rename-session-save').click();
    await expect(page.getByTestId('chat-title')).toHaveText('Renamed chat');
    await expect(page.getByTestId(`session-row-${hash}`)).toContainText('Renamed chat');
    await page.getByTestId('chat-delete').click();
    await page.getByTestId('confirm-delete-session').click();
    await expect(page.getByTestId(`session-row-${hash}`)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+$/);
  });

  test('images in model output are not fetched until clicked; raw HTML is not rendered', async ({ page }) => {
    const requested: string[] = [];
    // HTTPS: the platform's CSP lets a chosen image load from another host over HTTPS only.
    await page.route('https://127.0.0.1:9/**', (route) => {
      requested.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    await setFakeLlm({ reply: 'Look: ![a cat](https://127.0.0.1:9/cat.png) and <b>not bold</b> done.', tokenDelayMs: 2 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Show me a picture');
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-message-assistant').last();
    await expect(answer).toContainText('done.');
    await expect(answer.locator('b')).toHaveCount(0);
    await expect(answer).toContainText('<b>not bold</b>');
    await expect(answer.locator('img')).toHaveCount(0);
    expect(requested).toEqual([]);
    await answer.getByTestId('load-image').click();
    await expect(answer.locator('img')).toHaveAttribute('src', 'https://127.0.0.1:9/cat.png');
    await expect.poll(() => requested.length).toBe(1);
  });

  test('an unknown or unavailable chatbot shows the notice', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    await page.goto('/dashboard/chat/999999');
    await expect(page.getByTestId('chatbot-unavailable')).toContainText('This chatbot is unavailable');
  });

  test('screenshots of the chat screen in ko and en', async ({ page }) => {
    await setFakeLlm({ reply: 'Here is some **markdown**:\n\n- one\n- two\n\n```js\nconst answer = 42;\n```\n\nAnd a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |', tokenDelayMs: 2 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Show me markdown');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last().locator('code.hljs, pre code')).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/chat-en.png' });
    await setLanguage(page, 'ko');
    await page.screenshot({ path: 'e2e/screenshots/chat-ko.png' });
    await setLanguage(page, 'en');
  });
});

import { expect, test, type Page } from '@playwright/test';
import { accessToken, E2E_MEMBER, setFakeLlm, signInAs } from './fixtures';

test.afterEach(() => setFakeLlm(null));

async function chat(page: Page, token: string, chatbotId: number, text: string, session?: string): Promise<string> {
  const res = await page.request.post(`/api/chatbots/${chatbotId}/chat/`, { headers: { 'x-access-token': token }, data: { text, session_hash_id: session ?? null } });
  expect(res.status()).toBe(200);
  return JSON.parse(res.headers()['x-chat-meta']!).session_hash_id as string;
}

test('My sessions loads the next page at the bottom; a long chat loads older history at the top', async ({ page }) => {
  await setFakeLlm({ reply: 'Noted.', tokenDelayMs: 1 });
  await signInAs(page, E2E_MEMBER, 'en');
  const token = await accessToken(page);
  const bots = await (await page.request.get('/api/chatbots/?include_default=true&order_by=id.asc', { headers: { 'x-access-token': token } })).json();
  const botId = bots.items[0].id as number;

  // 12 turns = 24 messages: more than one history page of 20.
  const long = await chat(page, token, botId, 'turn 0');
  for (let i = 1; i < 12; i += 1) await chat(page, token, botId, `turn ${i}`, long);
  // Enough sessions for two pages of 30 in My sessions.
  const total = (await (await page.request.get('/api/sessions/', { headers: { 'x-access-token': token } })).json()).pagination.total_items as number;
  for (let i = total; i < 35; i += 1) await chat(page, token, botId, `filler ${i}`);

  await page.goto(`/dashboard/chat/${botId}/${long}`);
  const list = page.getByTestId('session-list');
  await expect(list.locator('[data-testid^="session-row-"]')).toHaveCount(30);
  await list.locator('.mantine-ScrollArea-viewport').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(list.locator('[data-testid^="session-row-"]')).toHaveCount(35, { timeout: 10_000 });

  const messages = page.getByTestId('chat-messages');
  await expect(page.getByTestId('chat-message-user')).toHaveCount(10);
  await expect(page.getByTestId('chat-message-user').first()).toHaveText('turn 2');
  await messages.locator('.mantine-ScrollArea-viewport').evaluate((el) => el.scrollTo(0, 0));
  await expect(page.getByTestId('chat-message-user')).toHaveCount(12, { timeout: 10_000 });
  await expect(page.getByTestId('chat-message-user').first()).toHaveText('turn 0');
});

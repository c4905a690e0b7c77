import { expect, test } from '@playwright/test';
import { accessToken, E2E_MEMBER, setFakeLlm, signInAs } from './fixtures';

test.afterEach(() => setFakeLlm(null));

/** Creates a session through the real chat API (consuming the stream), as the signed-in member. */
async function createSession(page: import('@playwright/test').Page, text: string): Promise<string> {
  const token = await accessToken(page);
  const bots = await (await page.request.get('/api/chatbots/?include_default=true', { headers: { 'x-access-token': token } })).json();
  const res = await page.request.post(`/api/chatbots/${bots.items[0].id}/chat/`, { headers: { 'x-access-token': token }, data: { text } });
  expect(res.status()).toBe(200);
  return JSON.parse(res.headers()['x-chat-meta']!).session_hash_id as string;
}

test.describe('navigation bar', () => {
  test('shows the spec layout: 264 px, new chat, studio and store with tooltips, developers', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    const nav = page.locator('nav');
    expect((await nav.boundingBox())!.width).toBe(264);
    await expect(page.getByTestId('new-chat-link')).toBeVisible();
    await expect(page.getByTestId('studio-link').locator('..')).toHaveAttribute('data-hint', 'Build and manage your own chatbots');
    await expect(page.getByTestId('store-link').locator('..')).toHaveAttribute('data-hint', 'Browse shared chatbots');
    await page.getByTestId('store-link').click();
    await expect(page).toHaveURL(/\/dashboard\/store$/);
    await page.getByTestId('developers-link').click();
    await expect(page).toHaveURL(/\/dashboard\/developers$/);
    await expect(page.getByTestId('my-sessions-toggle')).toHaveAttribute('aria-expanded', 'true');
    await page.screenshot({ path: 'e2e/screenshots/dashboard-en.png' });
  });

  test('My sessions lists a new session; rename; delete asks for confirmation; deleting the open one goes to the first default chatbot', async ({ page }) => {
    await setFakeLlm({ reply: 'ok', tokenDelayMs: 1 });
    await signInAs(page, E2E_MEMBER, 'en');
    const keep = await createSession(page, 'Session to keep');
    const drop = await createSession(page, 'Session to delete');
    await page.reload();
    await expect(page.getByTestId(`session-row-${keep}`)).toContainText('Session to keep');
    await expect(page.getByTestId(`session-row-${drop}`)).toContainText('Session to delete');

    await page.getByTestId(`session-row-${keep}`).hover();
    await page.getByTestId(`session-rename-${keep}`).click();
    await page.getByTestId('rename-session-input').fill('Kept and renamed');
    await page.getByTestId('rename-session-save').click();
    await expect(page.getByTestId(`session-row-${keep}`)).toContainText('Kept and renamed');

    // Open the session, then delete it from the list: cancel first, then confirm.
    await page.getByTestId(`session-row-${drop}`).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${drop}$`));
    await page.getByTestId(`session-row-${drop}`).hover();
    await page.getByTestId(`session-delete-${drop}`).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId(`session-row-${drop}`)).toBeVisible();
    await page.getByTestId(`session-row-${drop}`).hover();
    await page.getByTestId(`session-delete-${drop}`).click();
    await page.getByTestId('confirm-delete-session').click();
    await expect(page.getByTestId(`session-row-${drop}`)).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+$/);
    await page.reload();
    await expect(page.getByTestId(`session-row-${drop}`)).toHaveCount(0);
    await expect(page.getByTestId(`session-row-${keep}`)).toBeVisible();
  });

  test('a failed delete restores the list with a toast', async ({ page }) => {
    await setFakeLlm({ reply: 'ok', tokenDelayMs: 1 });
    await signInAs(page, E2E_MEMBER, 'en');
    const hash = await createSession(page, 'Undeletable');
    await page.reload();
    await page.route(`**/api/sessions/${hash}/`, (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '{"error":{"code":"internal_error","message":"x"}}' }) : route.continue()));
    await page.getByTestId(`session-row-${hash}`).hover();
    await page.getByTestId(`session-delete-${hash}`).click();
    await page.getByTestId('confirm-delete-session').click();
    await expect(page.getByText(/The session could not be deleted/)).toBeVisible();
    await expect(page.getByTestId(`session-row-${hash}`)).toBeVisible();
  });
});

import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, expectNoSideScroll, signInAs, SIZES } from './fixtures';

/**
 * Console "Web search" (issue 27 §1): an admin picks Tavily, types a key, saves; the key is never
 * shown again (a "Key stored" badge), the page keeps the choice after a reload, and the key can be
 * removed. Screenshots in ko and en, desktop and phone. Settings are put back at the end.
 */
test.describe.configure({ mode: 'serial' });

const KEY = `tvly-e2e-${Date.now().toString(36)}`;
let api: APIRequestContext;
let headers: Record<string, string>;

async function resetSettings() {
  const res = await api.put('/api/admin/web-search-settings/', { headers, data: { is_enabled: true, provider: null, api_key: null } });
  expect(res.ok(), `reset: ${await res.text()}`).toBe(true);
}

test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post('/api/auth/sign-in/', { data: E2E_ADMIN });
  expect(signIn.ok()).toBe(true);
  headers = { 'x-access-token': ((await signIn.json()) as { access_token: string }).access_token };
  await resetSettings();
});
test.afterAll(async () => {
  await resetSettings();
  await api.dispose();
});

test.describe('desktop', () => {
  test.use(SIZES.desktop);

  test('an admin sets Tavily with a key that is never shown again, then removes it', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin/web-search');
    await expect(page.getByTestId('web-search-settings-page')).toBeVisible();
    await expect(page.getByTestId('web-search-save')).toBeDisabled();
    // The e2e server has its own provider (WEB_SEARCH_PROVIDER, the fake SearXNG): no warning that search has none.
    await expect(page.getByTestId('web-search-no-provider')).toHaveCount(0);
    await page.screenshot({ path: 'e2e/screenshots/web-search-settings-desktop-en.png' });

    await page.getByTestId('web-search-provider').click();
    await page.getByRole('option', { name: 'Tavily' }).click();
    await expect(page.getByTestId('web-search-key-unset')).toBeVisible();
    await expect(page.getByTestId('web-search-save')).toBeDisabled();
    await page.getByTestId('web-search-key').fill(KEY);
    await page.getByTestId('web-search-results').fill('4');
    await page.getByTestId('web-search-save').click();
    await expect(page.getByTestId('web-search-key-set')).toBeVisible();
    await expect(page.getByTestId('web-search-key')).toHaveValue('');
    await page.screenshot({ path: 'e2e/screenshots/web-search-settings-tavily-desktop-en.png' });

    await page.reload();
    await expect(page.getByTestId('web-search-key-set')).toBeVisible();
    await expect(page.getByTestId('web-search-results')).toHaveValue('4');
    expect(await page.content()).not.toContain(KEY);
    const body = await (await api.get('/api/admin/web-search-settings/', { headers })).text();
    expect(body).not.toContain(KEY);

    await page.getByTestId('web-search-key-remove').click();
    // Tavily without a key cannot be saved.
    await expect(page.getByTestId('web-search-save')).toBeDisabled();
  });

  test('in Korean', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'ko');
    await page.goto('/admin/web-search');
    await expect(page.getByTestId('web-search-settings-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: '웹 검색' })).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ path: 'e2e/screenshots/web-search-settings-desktop-ko.png' });
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  for (const lang of ['ko', 'en'] as const) {
    test(`fits a phone (${lang})`, async ({ page }) => {
      await signInAs(page, E2E_ADMIN, lang);
      await page.goto('/admin/web-search');
      await expect(page.getByTestId('web-search-settings-page')).toBeVisible();
      await expectNoSideScroll(page);
      await page.screenshot({ path: `e2e/screenshots/web-search-settings-phone-${lang}.png`, fullPage: true });
    });
  }
});

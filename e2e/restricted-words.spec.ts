import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, setLanguage, signInAs, SIZES, type SizeName } from './fixtures';
import { expectAccessible } from './accounts';

/**
 * Console "Restricted words and privacy" (issue 26 item 1; spec §2, §3, §5, §8, §9): add a word,
 * paste a list, a duplicate by normalisation refused, remove, mask mode saved and kept; a member's
 * message with a saved word is refused with the terms named. The settings are put back to an
 * empty list and mode off at the end, so other specs are unaffected.
 */
test.describe.configure({ mode: 'serial' });

const TAG = Date.now().toString(36);
const PASTED = `zorblax${TAG}`;
const REMOVED = `quenth${TAG}`;

let api: APIRequestContext;
let headers: Record<string, string>;

async function resetSettings() {
  const res = await api.post('/api/admin/restricted-words/', { headers, data: { restricted_words: [], block_personal_info: false, mask_personal_info: false } });
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


async function shot(page: Page, size: SizeName, lang: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/restricted-words-${size}-${lang}.png` });
  // The privacy mode section is below the fold: a picture of its own.
  await page.getByTestId('privacy-mode-section').screenshot({ path: `e2e/screenshots/restricted-words-privacy-${size}-${lang}.png` });
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function openPage(page: Page) {
  await page.goto('/admin/restricted-words');
  await expect(page.getByTestId('restricted-words-save')).toBeVisible();
  await expect(page.getByTestId('privacy-mode-off')).toBeVisible();
}

const words = (page: Page) => page.getByTestId('restricted-word');

test.describe('desktop', () => {
  test.use(SIZES.desktop);

  test('an admin adds, pastes, is refused a duplicate, removes, switches to mask mode and saves', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin');
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Restricted words and privacy' }).click();
    await expect(page).toHaveURL(/\/admin\/restricted-words$/);
    await expect(page.getByRole('heading', { name: 'Restricted words and privacy', level: 2 })).toBeVisible();
    // The pointer off the navigation (a hovered link is not what axe should judge).
    await page.getByRole('heading', { name: 'Restricted words and privacy', level: 2 }).hover();

    // Empty list, mode off, nothing to save.
    await expect(page.getByTestId('restricted-words-empty')).toContainText('No restricted words yet');
    await expect(page.getByTestId('restricted-words-count')).toHaveText('0 of 10,000 words');
    await expect(page.getByTestId('privacy-mode-off')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('restricted-words-save')).toBeDisabled();
    await expectAccessible(page, 'restricted words (empty)');

    // One word typed, added with Enter.
    const input = page.getByTestId('restricted-word-input');
    await input.fill('bad');
    await input.press('Enter');
    await expect(words(page)).toHaveText(['bad']);
    await expect(input).toHaveValue('');
    await expect(page.getByTestId('restricted-words-unsaved')).toBeVisible();
    await expect(page.getByTestId('restricted-words-save')).toBeEnabled();

    // A pasted list: new words counted, the duplicate ("BAD" is "bad") skipped.
    await page.getByTestId('restricted-words-paste').fill(`${PASTED}\nBAD, ${REMOVED}`);
    await expect(page.getByTestId('restricted-words-paste-summary')).toHaveText('2 new words · 1 duplicate skipped');
    await page.getByTestId('restricted-words-paste-add').click();
    await expect(page.getByTestId('restricted-words-paste')).toHaveValue('');
    await expect(page.getByTestId('restricted-words-paste-summary')).toContainText('Added 2 words');
    await expect(page.getByTestId('restricted-words-count')).toHaveText('3 of 10,000 words');

    // Spec §5: full-width capitals are the same word; refused inline before anything is sent.
    await input.fill('ＢＡＤ');
    await page.getByTestId('restricted-word-add').click();
    await expect(page.getByText('A restricted word cannot be added twice: “ＢＡＤ” is the same word as “bad”, already in the list.')).toBeVisible();
    await expect(page.getByTestId('restricted-words-count')).toHaveText('3 of 10,000 words');

    // Search (debounced) narrows the list; then remove one.
    await page.getByTestId('restricted-words-search').fill('ZORB');
    await expect(words(page)).toHaveText([PASTED]);
    await page.getByTestId('restricted-words-search').fill('nothing-like-this');
    await expect(page.getByTestId('restricted-words-empty')).toContainText('No words match your search.');
    await page.getByTestId('restricted-words-search').fill('');
    await expect(words(page)).toHaveCount(3);
    await page.getByRole('button', { name: `Remove “${REMOVED}”` }).click();
    await expect(words(page)).toHaveText([PASTED, 'bad']);

    // Privacy mode: mask, with its explanation and cost.
    await page.getByTestId('privacy-mode-mask').click();
    await expect(page.getByTestId('privacy-mode-mask')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('privacy-mode-off')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Each masked message costs extra credits.')).toBeVisible();

    const saved = page.waitForResponse((r) => r.url().includes('/api/admin/restricted-words/') && r.request().method() === 'POST');
    await page.getByTestId('restricted-words-save').click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Restricted words and privacy settings saved.')).toBeVisible();
    await expect(page.getByTestId('restricted-words-unsaved')).toHaveCount(0);
    await expect(page.getByTestId('restricted-words-save')).toBeDisabled();

    // Kept after a reload, and on the server.
    await page.reload();
    await expect(words(page)).toHaveText([PASTED, 'bad']);
    await expect(page.getByTestId('privacy-mode-mask')).toHaveAttribute('aria-checked', 'true');
    const onServer = (await (await api.get('/api/admin/restricted-words/', { headers })).json()) as { restricted_words: string[]; block_personal_info: boolean; mask_personal_info: boolean };
    expect(onServer).toMatchObject({ restricted_words: ['bad', PASTED], block_personal_info: false, mask_personal_info: true });
    await expectAccessible(page, 'restricted words (filled, mask mode)');

    await shot(page, 'desktop', 'en');
    await setLanguage(page, 'ko');
    await expect(page.getByRole('heading', { name: '금칙어 및 개인정보 보호', level: 2 })).toBeVisible();
    await shot(page, 'desktop', 'ko');
    await setLanguage(page, 'en');
  });

  test('save failures show the §8 toasts: 409 naming the word, 422, 403, other', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await openPage(page);
    const answers = [
      { status: 409, code: 'restricted_word_duplicated', details: { word: 'Bad' }, text: '“Bad” is already in the list. A restricted word cannot be added twice.' },
      { status: 422, code: 'privacy_mode_invalid', text: 'Choose one privacy mode: off, block or mask.' },
      { status: 403, code: 'forbidden', text: 'Access permission required. Please contact the administrator.' },
      { status: 500, code: 'internal', text: 'A server error occurred. Please try again later.' },
    ];
    await page.getByTestId('privacy-mode-block').click();
    for (const a of answers) {
      await page.route('**/api/admin/restricted-words/', (route) =>
        route.request().method() === 'POST' ? route.fulfill({ status: a.status, json: { error: { code: a.code, message: 'x', details: a.details } } }) : route.fallback(),
      );
      await page.getByTestId('restricted-words-save').click();
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: a.text });
      await expect(toast).toContainText('The settings were not saved.');
      await toast.getByRole('button').click();
      await page.unroute('**/api/admin/restricted-words/');
    }
    // Nothing was saved; the change is still pending. Leaving for another console page asks first.
    await expect(page.getByTestId('restricted-words-unsaved')).toBeVisible();
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Announcements' }).click();
    await expect(page.getByTestId('restricted-words-save-bar')).toContainText('You have unsaved changes. Leave this page without saving?');
    await page.getByTestId('restricted-words-stay').click();
    await expect(page).toHaveURL(/\/admin\/restricted-words$/);
    await expect(page.getByTestId('privacy-mode-block')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('restricted-words-discard').click();
    await expect(page.getByTestId('restricted-words-save-bar')).toHaveCount(0);
    await expect(page.getByTestId('privacy-mode-mask')).toHaveAttribute('aria-checked', 'true');
  });

  test('a failed load says so and can be retried', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    let fail = true;
    await page.route('**/api/admin/restricted-words/', (route) => (fail ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }) : route.fallback()));
    await page.goto('/admin/restricted-words');
    await expect(page.getByTestId('restricted-words-load-error')).toContainText('Could not load the restricted words settings.');
    fail = false;
    await page.getByTestId('restricted-words-retry').click();
    await expect(words(page)).toHaveText([PASTED, 'bad']);
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  test('the page on a phone, in ko and en', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'ko');
    await openPage(page);
    await expect(words(page)).toHaveText([PASTED, 'bad']);
    await shot(page, 'phone', 'ko');
    await setLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Restricted words and privacy', level: 2 })).toBeVisible();
    await shot(page, 'phone', 'en');
  });
});

test.describe('member chat', () => {
  test.use(SIZES.desktop);

  test('a message with a saved word is refused, naming the term (spec §8)', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    const answer = page.waitForResponse((r) => /\/api\/chatbots\/\d+\/chat\/$/.test(r.url()) && r.request().method() === 'POST');
    await page.getByTestId('chat-input').fill(`That was a BAD idea, ${TAG}`);
    await page.getByTestId('chat-send').click();
    const res = await answer;
    expect(res.status()).toBe(428);
    const body = (await res.json()) as { error: { code: string; details?: { terms?: string[] } } };
    expect(body.error.code).toBe('restricted_term');
    expect(body.error.details?.terms).toEqual(['bad']);
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: /restricted term/i });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('bad');
  });
});

import type { ChatSettings } from '@app/contracts/chat-settings';
import { expect, type Page, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, shot, toastsGone } from './accounts';
import { adminApi, type AdminApi, E2E_ADMIN, expectNoSideScroll, openMenu, signInAs, SIZES } from './fixtures';

/**
 * Console "Chat settings" (decision 037): an admin opens the page from the navigation, turns "stop
 * an answer when its reader leaves" on (saved at once, a toast), sees it still on after a reload and
 * turns it off again. The setting is off at the end: other specs share the server and expect the
 * default (answers outlive their reader).
 */
test.describe.configure({ mode: 'serial' });

const URL = '/admin/chat-settings/';
let ctx: APIRequestContext;
let admin: AdminApi;

const setOff = () => admin.send<ChatSettings>('PATCH', URL, { stop_answers_without_reader: false });

test.beforeAll(async ({ baseURL }) => {
  ctx = await playwrightRequest.newContext({ baseURL });
  admin = await adminApi(ctx);
  await setOff();
});
test.afterAll(async () => {
  await setOff();
  expect(await admin.get<ChatSettings>(URL)).toEqual({ stop_answers_without_reader: false });
  await ctx.dispose();
});

/** From the console's dashboard through its navigation (in the drawer on a phone). */
async function openFromNavigation(page: Page, label: string, small = false) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  if (small) await openMenu(page);
  await page.getByTestId('admin-nav').getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(/\/admin\/chat-settings$/);
  await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
}

const toggle = (page: Page) => page.getByTestId('chat-settings-stop-without-reader');

/** Clicks the switch and waits for the save; returns what the server answered. */
async function flip(page: Page): Promise<ChatSettings> {
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api${URL}`) && r.request().method() === 'PATCH');
  await toggle(page).click();
  const res = await saved;
  expect(res.status()).toBe(200);
  return (await res.json()) as ChatSettings;
}

test.describe('desktop', () => {
  test.use(SIZES.desktop);

  test('an admin turns it on, it stays on after a reload, and turns it off again', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await openFromNavigation(page, 'Chat settings');
    await expect(page.getByTestId('admin-nav').getByRole('link', { name: 'Chat settings' })).toHaveAttribute('data-active', 'true');
    await expect(toggle(page)).not.toBeChecked();
    await expect(page.getByTestId('chat-settings-choice-off')).toHaveAttribute('data-current', 'true');
    await expect(page.getByTestId('chat-settings-page')).toContainText('the answer keeps being written and is charged');
    // Off the link just clicked: an active link under the pointer is not what the page looks like.
    await page.getByRole('heading', { name: 'Chat settings', level: 2 }).hover();
    await expectAccessible(page, 'chat settings');
    await shot(page, 'admin-chat-settings', 'en');

    expect(await flip(page)).toEqual({ stop_answers_without_reader: true });
    await expect(page.getByText('Answers are now stopped when their reader leaves.')).toBeVisible();
    await expect(toggle(page)).toBeChecked();
    await expect(page.getByTestId('chat-settings-choice-on')).toHaveAttribute('data-current', 'true');

    await page.reload();
    await expect(toggle(page)).toBeChecked();
    expect(await admin.get<ChatSettings>(URL)).toEqual({ stop_answers_without_reader: true });

    expect(await flip(page)).toEqual({ stop_answers_without_reader: false });
    await expect(page.getByText('Answers now keep being written when their reader leaves.')).toBeVisible();
    await expect(toggle(page)).not.toBeChecked();
    await toastsGone(page);
  });

  test('a save that fails says so and leaves the switch as it was; a load that fails offers a retry', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin/chat-settings');
    await expect(toggle(page)).not.toBeChecked();
    await page.route(`**/api${URL}`, (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 403, json: { error: { code: 'admin_required', message: 'x' } } }) : route.fallback(),
    );
    await toggle(page).click();
    await expect(page.getByText('The setting was not saved.')).toBeVisible();
    await expect(toggle(page)).not.toBeChecked();
    await page.unroute(`**/api${URL}`);

    let fail = true;
    await page.route(`**/api${URL}`, (route) => (fail ? route.fulfill({ status: 403, json: { error: { code: 'admin_required', message: 'x' } } }) : route.fallback()));
    await page.reload();
    await expect(page.getByTestId('chat-settings-load-error')).toContainText('Could not load the chat settings.');
    fail = false;
    await page.getByTestId('chat-settings-retry').click();
    await expect(toggle(page)).not.toBeChecked();
    await expect(page.getByTestId('chat-settings-load-error')).toHaveCount(0);
    expect(await admin.get<ChatSettings>(URL)).toEqual({ stop_answers_without_reader: false });
  });

  test('in Korean', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'ko');
    await openFromNavigation(page, '채팅 설정');
    await expect(toggle(page)).not.toBeChecked();
    await expect(page.getByText('읽는 사람이 떠나면 답변 중지')).toBeVisible();
    await expectNoSideScroll(page);
    await page.getByRole('heading', { name: '채팅 설정', level: 2 }).hover();
    await expectAccessible(page, 'chat settings (ko)');
    await shot(page, 'admin-chat-settings', 'ko');

    expect(await flip(page)).toEqual({ stop_answers_without_reader: true });
    await expect(page.getByText('이제 읽는 사람이 떠나면 답변을 중지합니다.')).toBeVisible();
    await page.reload();
    await expect(toggle(page)).toBeChecked();
    expect(await flip(page)).toEqual({ stop_answers_without_reader: false });
    await expect(page.getByText('이제 읽는 사람이 떠나도 답변을 끝까지 작성합니다.')).toBeVisible();
    await expect(toggle(page)).not.toBeChecked();
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  for (const [lang, label] of [
    ['en', 'Chat settings'],
    ['ko', '채팅 설정'],
  ] as const) {
    test(`fits a phone and works by touch (${lang})`, async ({ page }) => {
      await signInAs(page, E2E_ADMIN, lang);
      await openFromNavigation(page, label, true);
      await expect(toggle(page)).not.toBeChecked();
      await expectNoSideScroll(page);
      await toastsGone(page);
      await page.screenshot({ path: `e2e/screenshots/admin-chat-settings-phone-${lang}.png`, fullPage: true, animations: 'disabled' });

      expect(await flip(page)).toEqual({ stop_answers_without_reader: true });
      await expect(toggle(page)).toBeChecked();
      await expectNoSideScroll(page);
      expect(await flip(page)).toEqual({ stop_answers_without_reader: false });
      await expect(toggle(page)).not.toBeChecked();
    });
  }
});

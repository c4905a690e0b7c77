import { expect, test } from '@playwright/test';
import type { Usage } from '../packages/contracts/src/credits';
import { expectAccessible, shot } from './accounts';
import { E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

// The member's usage cards (spec §9, issue 24 item 1): this billing month against the quota and the
// last 30 days, from the member's own usage, with this month by model.

test.afterEach(() => setFakeLlm(null));

test('after a chat the settings page shows this month and the last 30 days as the usage API counts them', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  await setFakeLlm({ reply: 'Counted and charged.' });
  await page.getByTestId('chat-input').fill('Count this message');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message-assistant').last()).toHaveAttribute('data-status', 'completed');

  // The refresh answers the signed-in member (with a new access token).
  const me = (await (await page.request.post('/api/auth/refresh/', { data: {} })).json()) as { id: number; access_token: string };
  const token = me.access_token;
  const usage = (await (await page.request.get(`/api/members/${me.id}/usage/`, { headers: { 'x-access-token': token } })).json()) as Usage;
  expect(usage.message_count).toBeGreaterThanOrEqual(1);

  await page.goto('/dashboard/settings');
  const fmt = (n: number) => new Intl.NumberFormat('en').format(n);
  await expect(page.getByTestId('usage-month-used')).toHaveText(fmt(usage.used_credit));
  await expect(page.getByTestId('usage-month-remaining')).toHaveText(fmt(usage.remaining_credit));
  await expect(page.getByTestId('usage-month-messages')).toHaveText(fmt(usage.message_count));
  await expect(page.getByTestId('usage-30-used')).toHaveText(fmt(usage.last_30_days.used_credit));
  await expect(page.getByTestId('usage-30-messages')).toHaveText(fmt(usage.last_30_days.message_count));
  // This month by model: a row for each model used, the chat's among them.
  await expect(page.getByTestId('usage-by-model').getByRole('row')).toHaveCount(usage.by_model.length + 1);
  await page.getByTestId('usage-section').scrollIntoViewIfNeeded();
  await page.getByTestId('usage-section').screenshot({ path: 'e2e/screenshots/usage-cards-desktop-en.png', animations: 'disabled' });
  await shot(page, 'settings-with-usage', 'en');

  await setLanguage(page, 'ko');
  await expect(page.getByTestId('usage-section')).toContainText('내 크레딧 사용량');
  await expect(page.getByTestId('usage-card-30-days')).toContainText('최근 30일');
  await page.getByTestId('usage-section').screenshot({ path: 'e2e/screenshots/usage-cards-desktop-ko.png', animations: 'disabled' });
  await shot(page, 'settings-with-usage', 'ko');
  await setLanguage(page, 'en');
});

test('on a phone the cards stack, the model table fits, and the section passes axe', async ({ browser }) => {
  const context = await browser.newContext({ ...SIZES.phone });
  const page = await context.newPage();
  await signInAs(page, E2E_MEMBER, 'en');
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('usage-card-month')).toBeVisible();
  // Both boxes read at once (the sections above may still be loading and move the page).
  const stacked = () =>
    page.evaluate(() => {
      const month = document.querySelector('[data-testid="usage-card-month"]')!.getBoundingClientRect();
      const days = document.querySelector('[data-testid="usage-card-30-days"]')!.getBoundingClientRect();
      return days.top >= month.bottom - 1;
    });
  await expect.poll(stacked).toBe(true);
  await expectNoSideScroll(page);
  await expectAccessible(page, 'the settings page with usage cards on a phone');
  await page.getByTestId('usage-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/usage-cards-phone-en.png', animations: 'disabled' });
  await setLanguage(page, 'ko');
  await expect(page.getByTestId('usage-section')).toContainText('내 크레딧 사용량');
  await expectNoSideScroll(page);
  await page.getByTestId('usage-section').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/usage-cards-phone-ko.png', animations: 'disabled' });
  await setLanguage(page, 'en');
  await context.close();
});

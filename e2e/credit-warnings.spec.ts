import { expect, test, type Page } from '@playwright/test';
import { E2E_MEMBER, expectNoSideScroll, signInAs, SIZES } from './fixtures';

/**
 * The credit cards over the message box, with the member's credit check and month's usage
 * answered by the test (the seeded member has a large quota and free models).
 */
async function creditsAre(page: Page, c: { remaining: number; quota: number; used: number; messages: number; tenant?: number | null }) {
  await page.route('**/api/members/*/credit-check/', (route) =>
    route.fulfill({ json: { remaining_credit: c.remaining, quota: c.quota, used_credit: c.quota - c.remaining, tenant: { remaining_credit: c.tenant ?? null } } }),
  );
  await page.route('**/api/members/*/usage/', (route) =>
    route.fulfill({
      json: {
        period_start: '2026-01-01',
        period_end: '2026-02-01',
        quota: c.quota,
        used_credit: c.used,
        remaining_credit: c.remaining,
        message_count: c.messages,
        input_tokens: 0,
        output_tokens: 0,
        by_model: [],
      },
    }),
  );
}

test('each stage says what is true: 60% used, about one message left, depleted with a working button', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');

  await creditsAre(page, { remaining: 400, quota: 1000, used: 600, messages: 200 });
  await page.reload();
  await expect(page.getByTestId('credit-warning-half')).toContainText("You have used 60% of this month's credits. Remaining: 400 / 1000");

  // 990 credits over 330 messages: 3 a message, and 3 left.
  await creditsAre(page, { remaining: 3, quota: 1000, used: 990, messages: 330 });
  await page.reload();
  const almost = page.getByTestId('credit-warning-almost');
  await expect(almost).toContainText("About 1 message's worth (3 credits) remains at your average cost per message.");
  await page.screenshot({ path: 'e2e/screenshots/credit-warning-desktop-en.png' });

  await creditsAre(page, { remaining: 100, quota: 1000, used: 900, messages: 90 });
  await page.reload();
  await expect(page.getByTestId('credit-warning-almost')).toContainText("About 10 messages' worth (100 credits) remain at");
  // Past 80% with more than ten messages left: the 80% card.
  await creditsAre(page, { remaining: 150, quota: 1000, used: 850, messages: 85 });
  await page.reload();
  await expect(page.getByTestId('credit-warning-high')).toContainText("You have used 85% of this month's credits.");

  await creditsAre(page, { remaining: 0, quota: 1000, used: 1000, messages: 300 });
  await page.reload();
  const depleted = page.getByTestId('credit-warning-depleted');
  await expect(depleted).toContainText('Contact your administrator for more.');
  // Its one button works: it opens the credit purchase modal.
  await expect(depleted.locator('a, button')).toHaveCount(1);
  await depleted.getByTestId('buy-credits').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test.describe('phone', () => {
  test.use(SIZES.phone);
  test('the almost-depleted card in ko and en', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'ko');
    await creditsAre(page, { remaining: 3, quota: 1000, used: 990, messages: 330 });
    await page.reload();
    await expect(page.getByTestId('credit-warning-almost')).toContainText('약 1개 메시지 분량의 크레딧(3 크레딧)이 남았습니다.');
    await expectNoSideScroll(page);
    await page.screenshot({ path: 'e2e/screenshots/credit-warning-phone-ko.png' });
  });
});

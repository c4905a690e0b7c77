import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { approvedMember, expectAccessible, PASSWORD, toastsGone, uniqueEmail } from './accounts';
import { adminApi, type AdminApi, expectNoSideScroll, setLanguage, SIZES } from './fixtures';

/**
 * Plans and credits (issue 24 §3) with the embedded default's manual provider: a member subscribes
 * on the settings page and sees the membership and the plan's credits in the history, cancels
 * (a scheduled end) and resumes, and buys credits in the purchase modal. A member of its own, so
 * the credits it receives change no other spec's budgets.
 */
test.describe.configure({ mode: 'serial' });

let ctx: APIRequestContext;
let admin: AdminApi;
let email: string;

test.beforeAll(async ({ baseURL }) => {
  ctx = await playwrightRequest.newContext({ baseURL });
  admin = await adminApi(ctx);
  // The demo tenant's plans come from the seed; a fresh member signs up and is approved.
  email = uniqueEmail('billing');
  await approvedMember(ctx, admin, { email, name: 'Billing Member', fieldValue: 7 });
});

test.afterAll(async () => {
  await ctx.dispose();
});

async function openSettings(page: Page, lang: 'ko' | 'en') {
  await page.goto('/auth');
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(PASSWORD);
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/dashboard\//);
  await setLanguage(page, lang);
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('billing-section')).toBeVisible();
}

/** Desktop: the section itself. Phone: the window with `testId` scrolled to its top (the page scrolls inside its own frame). */
async function shotOf(page: Page, name: string, lang: 'ko' | 'en', size: 'desktop' | 'phone', testId = 'billing-section') {
  await toastsGone(page);
  const path = `e2e/screenshots/${name}-${lang}-${size}.png`;
  if (size === 'desktop') return page.getByTestId(testId).screenshot({ path, animations: 'disabled' });
  await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path, animations: 'disabled' });
}

test.describe('desktop', () => {
  test.use(SIZES.desktop);

  test('a member subscribes, sees the membership and the credits, cancels and resumes', async ({ page }) => {
    await openSettings(page, 'en');
    const section = page.getByTestId('billing-section');
    await expect(section.getByTestId('membership-none')).toContainText('You have no membership');
    await expect(section.getByText('No credits received or bought yet.')).toBeVisible();
    await shotOf(page, 'billing-plans', 'en', 'desktop');

    const basic = section.locator('[data-testid^="plan-"]').filter({ hasText: 'Basic' });
    await expect(basic).toContainText('1,000 credits a month');
    await basic.getByRole('button', { name: 'Subscribe' }).click();
    await expect(section.getByTestId('membership')).toContainText('Basic');
    await expect(section.getByTestId('membership')).toContainText('Active');
    await expect(section.getByTestId('membership-next')).toContainText('Next payment on');
    await expect(basic.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    const history = section.getByTestId('credit-history');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('Basic');
    await expect(history).toContainText('1,000');
    await expect(history).toContainText('₩9,900');
    await shotOf(page, 'billing-membership', 'en', 'desktop');
    await expectAccessible(page, 'plan & credits');

    // Cancel: a scheduled end; the plan stays until the payment day.
    await section.getByRole('button', { name: 'Cancel membership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your membership?' });
    await expect(dialog).toContainText('is not renewed after that');
    await dialog.getByRole('button', { name: 'Cancel membership' }).click();
    await expect(section.getByTestId('membership')).toContainText('Cancelled');
    await expect(section.getByTestId('membership-next')).toContainText('it will not renew');
    await shotOf(page, 'billing-cancelled', 'en', 'desktop');
    await section.getByRole('button', { name: 'Resume membership' }).click();
    await expect(section.getByTestId('membership')).toContainText('Active');
    await expect(section.getByTestId('membership-next')).toContainText('Next payment on');
    await expectNoSideScroll(page);
  });

  test('the credit purchase modal buys a pack and the history shows it', async ({ page }) => {
    await openSettings(page, 'en');
    const section = page.getByTestId('billing-section');
    await section.getByRole('button', { name: 'Buy credits' }).click();
    const modal = page.getByRole('dialog', { name: 'Buy credits' });
    await expect(modal).toContainText('usable for one month');
    await modal.getByText('500 credits · ₩5,000').click();
    await expect(modal).toContainText('Total ₩5,000');
    await expectAccessible(page, 'credit purchase modal');
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/billing-purchase-en-desktop.png', animations: 'disabled' });
    await modal.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(modal).toBeHidden();
    const history = section.getByTestId('credit-history');
    await expect(history.getByRole('row').nth(1)).toContainText('Credit purchase');
    await expect(history.getByRole('row').nth(1)).toContainText('500');
    await expect(history.getByRole('row').nth(1)).toContainText('₩5,000');
  });

  test('in Korean', async ({ page }) => {
    await openSettings(page, 'ko');
    const section = page.getByTestId('billing-section');
    await expect(section.getByRole('heading', { name: '플랜 및 크레딧' })).toBeVisible();
    await expect(section.getByTestId('membership')).toContainText('베이직');
    await expect(section.getByTestId('credit-history')).toContainText('크레딧 구매');
    await shotOf(page, 'billing-membership', 'ko', 'desktop');
    await section.getByRole('button', { name: '크레딧 구매' }).click();
    await expect(page.getByRole('dialog', { name: '크레딧 구매' })).toBeVisible();
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/billing-purchase-ko-desktop.png', animations: 'disabled' });
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  for (const lang of ['en', 'ko'] as const) {
    test(`the plan & credits section fits a phone (${lang})`, async ({ page }) => {
      await openSettings(page, lang);
      const section = page.getByTestId('billing-section');
      await expect(section.getByTestId('membership')).toBeVisible();
      await expect(section.getByTestId('credit-history')).toBeVisible();
      await expectNoSideScroll(page);
      await shotOf(page, 'billing-membership', lang, 'phone');
      await shotOf(page, 'billing-history', lang, 'phone', 'credit-history');
      await section.getByRole('button', { name: lang === 'en' ? 'Buy credits' : '크레딧 구매' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await toastsGone(page);
      await page.screenshot({ path: `e2e/screenshots/billing-purchase-${lang}-phone.png`, animations: 'disabled' });
    });
  }
});

import { type Browser, expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { approvedMember, expectAccessible, PASSWORD, toastsGone, uniqueEmail } from './accounts';
import { adminApi, type AdminApi, E2E_ADMIN, expectNoSideScroll, setLanguage, signInAs, SIZES } from './fixtures';
import { nextMail, outboxMark } from './mail';

/**
 * Plans and credits (issue 24 §3) with the embedded default's manual provider, where nobody pays
 * in the app (hardening item 5, decision 048): a member's subscription or credit purchase is a
 * request, nothing is granted until an administrator approves it in the console (Credits ›
 * Purchase requests), a rejection carries a reason, and the member is mailed either way. Then the
 * approved membership is cancelled (a scheduled end) and resumed. A member of its own, so the
 * credits it receives change no other spec's budgets. Card payments: e2e/payple.spec.ts.
 */
// Each test drives two browsers (the member's and the administrator's).
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const NAME = 'Billing Member';
let ctx: APIRequestContext;
let admin: AdminApi;
let email: string;

test.beforeAll(async ({ baseURL }) => {
  ctx = await playwrightRequest.newContext({ baseURL });
  admin = await adminApi(ctx);
  // The demo tenant's plans come from the seed; a fresh member signs up and is approved.
  email = uniqueEmail('billing');
  await approvedMember(ctx, admin, { email, name: NAME, fieldValue: 7 });
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

/** The administrator in a browser of their own, on the console's purchase requests. */
async function openRequests(browser: Browser, lang: 'ko' | 'en', size: 'desktop' | 'phone' = 'desktop') {
  const context = await browser.newContext({ ...SIZES[size], baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, E2E_ADMIN, lang);
  await page.goto('/admin/credits');
  await page.getByTestId('credits-tab-requests').click();
  await expect(page.getByTestId('billing-requests-admin')).toBeVisible();
  return { page, close: () => context.close() };
}

/** Desktop: the section itself. Phone: the window with `testId` scrolled to its top (the page scrolls inside its own frame). */
async function shotOf(page: Page, name: string, lang: 'ko' | 'en', size: 'desktop' | 'phone', testId = 'billing-section') {
  await toastsGone(page);
  const path = `e2e/screenshots/${name}-${lang}-${size}.png`;
  if (size === 'desktop') return page.getByTestId(testId).screenshot({ path, animations: 'disabled' });
  await page.getByTestId(testId).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path, animations: 'disabled' });
}

/** A request of this spec's member in the console: a table row, or a card on a phone. */
const rowOf = (page: Page, what: string) => page.getByTestId('billing-requests-table').locator('[data-testid^="billing-request-row-"]').filter({ hasText: email }).filter({ hasText: what });

test.describe('desktop', () => {
  test.use(SIZES.desktop);

  test('a member requests a plan: nothing is granted until an administrator approves it; then cancel and resume', async ({ page, browser }) => {
    await openSettings(page, 'en');
    const section = page.getByTestId('billing-section');
    await expect(section.getByTestId('billing-no-provider')).toContainText('Card payments are not set up');
    await expect(section.getByTestId('membership-none')).toContainText('You have no membership');
    await expect(section.getByText('No credits received or bought yet.')).toBeVisible();
    await shotOf(page, 'billing-plans', 'en', 'desktop');

    const basic = section.locator('[data-testid^="plan-"]').filter({ hasText: 'Basic' });
    await expect(basic).toContainText('1,000 credits a month');
    await basic.getByRole('button', { name: 'Request this plan' }).click();
    await expect(page.getByText("Request sent. You'll get an email when an administrator decides.")).toBeVisible();
    await expect(basic.getByRole('button', { name: 'Requested' })).toBeDisabled();
    // One plan request at a time: the other plans wait too.
    await expect(section.locator('[data-testid^="plan-"]').filter({ hasText: 'Pro' }).getByRole('button', { name: 'Request this plan' })).toBeDisabled();
    const requests = section.getByTestId('billing-requests');
    await expect(requests).toContainText('Basic plan');
    await expect(requests).toContainText('Waiting for approval');
    // Nothing granted by the member alone.
    await page.reload();
    await expect(section.getByTestId('membership-none')).toBeVisible();
    await expect(section.getByText('No credits received or bought yet.')).toBeVisible();
    await shotOf(page, 'billing-requested', 'en', 'desktop');
    await expectAccessible(page, 'plan & credits with a request');

    const mark = await outboxMark();
    const console = await openRequests(browser, 'en');
    const row = rowOf(console.page, 'Basic plan');
    await expect(row).toContainText(NAME);
    await expect(row).toContainText('₩9,900');
    await expect(console.page.getByTestId('credits-tab-requests')).toContainText(/\d/);
    await toastsGone(console.page);
    await console.page.getByTestId('admin-credits').screenshot({ path: 'e2e/screenshots/admin-billing-requests-en-desktop.png', animations: 'disabled' });
    await expectAccessible(console.page, 'purchase requests');
    await row.getByRole('button', { name: `Approve the request of ${NAME}` }).click();
    await expect(console.page.getByText(`Basic plan granted to ${NAME}.`)).toBeVisible();
    await expect(rowOf(console.page, 'Basic plan')).toHaveCount(0);
    await console.page.getByTestId('billing-requests-status').getByText('Approved').click();
    await expect(rowOf(console.page, 'Basic plan')).toContainText('Approved');
    await console.close();

    const mail = await nextMail(email, mark);
    expect(mail.subject).toContain('subscription to the Basic plan was approved');
    expect(mail.text).toContain('1,000 credits a month');

    await page.reload();
    await expect(section.getByTestId('membership')).toContainText('Basic');
    await expect(section.getByTestId('membership')).toContainText('Active');
    await expect(section.getByTestId('membership-next')).toContainText('Next payment on');
    await expect(basic.getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(requests).toContainText('Approved');
    const history = section.getByTestId('credit-history');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('Basic');
    await expect(history).toContainText('1,000');
    await expect(history).toContainText('₩9,900');
    await shotOf(page, 'billing-membership', 'en', 'desktop');

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

  test('a credit request rejected with a reason grants nothing; the member is mailed the reason and sees it', async ({ page, browser }) => {
    await openSettings(page, 'en');
    const section = page.getByTestId('billing-section');
    await section.getByRole('button', { name: 'Request credits' }).click();
    const modal = page.getByRole('dialog', { name: 'Request credits' });
    await expect(modal).toContainText('An administrator approves credit purchases');
    await modal.getByText('500 credits · ₩5,000').click();
    await expect(modal).toContainText('Total ₩5,000');
    await expectAccessible(page, 'credit request modal');
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/billing-purchase-en-desktop.png', animations: 'disabled' });
    await modal.getByRole('button', { name: 'Send request', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(section.getByTestId('billing-requests')).toContainText('500 credits');
    const history = section.getByTestId('credit-history');
    await expect(history.getByRole('row')).toHaveCount(2);

    const mark = await outboxMark();
    const console = await openRequests(browser, 'en');
    await rowOf(console.page, '500 credits').getByRole('button', { name: `Reject the request of ${NAME}` }).click();
    const reject = console.page.getByRole('dialog', { name: 'Reject the request' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toContainText('Enter a reason.');
    await reject.getByTestId('billing-reject-reason').fill('This quarter’s budget is spent; ask again in January.');
    await toastsGone(console.page);
    await console.page.screenshot({ path: 'e2e/screenshots/admin-billing-reject-en-desktop.png', animations: 'disabled' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toBeHidden();
    await console.page.getByTestId('billing-requests-status').getByText('Rejected').click();
    await expect(rowOf(console.page, '500 credits')).toContainText('ask again in January');
    await console.close();

    const mail = await nextMail(email, mark);
    expect(mail.subject).toContain('purchase of 500 credits was not approved');
    expect(mail.text).toContain('Reason: This quarter’s budget is spent; ask again in January.');
    await page.reload();
    const requests = section.getByTestId('billing-requests');
    await expect(requests).toContainText('Not approved');
    await expect(requests).toContainText('Reason: This quarter’s budget is spent');
    await expect(history.getByRole('row')).toHaveCount(2);
  });

  test('in Korean: the member asks for credits and the administrator approves them', async ({ page, browser }) => {
    await openSettings(page, 'ko');
    const section = page.getByTestId('billing-section');
    await expect(section.getByRole('heading', { name: '플랜 및 크레딧' })).toBeVisible();
    await expect(section.getByTestId('membership')).toContainText('베이직');
    await expect(section.getByTestId('billing-no-provider')).toContainText('카드 결제가 설정되어 있지 않습니다');
    await section.getByRole('button', { name: '크레딧 요청' }).click();
    const modal = page.getByRole('dialog', { name: '크레딧 요청' });
    await expect(modal).toBeVisible();
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/billing-purchase-ko-desktop.png', animations: 'disabled' });
    await modal.getByRole('button', { name: '요청 보내기' }).click();
    await expect(modal).toBeHidden();
    await expect(section.getByTestId('billing-requests')).toContainText('승인 대기');
    await shotOf(page, 'billing-membership', 'ko', 'desktop');

    const console = await openRequests(browser, 'ko');
    const row = rowOf(console.page, '크레딧');
    await expect(row).toContainText('크레딧 구매');
    await toastsGone(console.page);
    await console.page.getByTestId('admin-credits').screenshot({ path: 'e2e/screenshots/admin-billing-requests-ko-desktop.png', animations: 'disabled' });
    await row.getByRole('button', { name: `${NAME}님의 요청 승인` }).click();
    await expect(console.page.getByText(`${NAME}님에게`)).toBeVisible();
    await console.close();

    await page.reload();
    await expect(section.getByTestId('billing-requests')).toContainText('승인됨');
    await expect(section.getByTestId('credit-history')).toContainText('크레딧 구매');
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  for (const lang of ['en', 'ko'] as const) {
    test(`the plan & credits section and the console's requests fit a phone (${lang})`, async ({ page, browser }) => {
      await openSettings(page, lang);
      const section = page.getByTestId('billing-section');
      await expect(section.getByTestId('membership')).toBeVisible();
      await expect(section.getByTestId('credit-history')).toBeVisible();
      await expectNoSideScroll(page);
      await shotOf(page, 'billing-membership', lang, 'phone');
      await shotOf(page, 'billing-requests', lang, 'phone', 'billing-requests');
      await shotOf(page, 'billing-history', lang, 'phone', 'credit-history');
      await section.getByRole('button', { name: lang === 'en' ? 'Request credits' : '크레딧 요청' }).click();
      const modal = page.getByRole('dialog');
      await expect(modal).toBeVisible();
      await toastsGone(page);
      await page.screenshot({ path: `e2e/screenshots/billing-purchase-${lang}-phone.png`, animations: 'disabled' });
      await modal.getByRole('button', { name: lang === 'en' ? 'Send request' : '요청 보내기' }).click();
      await expect(modal).toBeHidden();

      const console = await openRequests(browser, lang, 'phone');
      await expect(rowOf(console.page, lang === 'en' ? 'credits' : '크레딧')).toHaveCount(1);
      await expectNoSideScroll(console.page);
      await toastsGone(console.page);
      await console.page.screenshot({ path: `e2e/screenshots/admin-billing-requests-${lang}-phone.png`, animations: 'disabled' });
      // Leaves nothing open for the next run.
      await rowOf(console.page, lang === 'en' ? 'credits' : '크레딧').getByRole('button', { name: lang === 'en' ? `Approve the request of ${NAME}` : `${NAME}님의 요청 승인` }).click();
      await expect(rowOf(console.page, lang === 'en' ? 'credits' : '크레딧')).toHaveCount(0);
      await console.close();
    });
  }
});

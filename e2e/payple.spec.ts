import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, E2E_PORT, e2eServerEnv } from '../playwright.config';
import { type FakePayple, startFakePayple } from '../tools/fake-payple/server';
import { expectNoSideScroll, signInAs, SIZES } from './fixtures';

/**
 * Card payments in Payple's window (issue 24 §3, decision 032), in a real browser: an API server of
 * this spec's own, configured with Payple pointing at the local double (tools/fake-payple), which
 * serves the window script and page the way Payple does. The member subscribes with a new card in
 * the window, the card is saved and the server verified the result with Payple; a declined card
 * and a closed window grant nothing; credits are bought with the saved card and with a new one.
 * Everything passes the platform's Content-Security-Policy (no violation is reported).
 */
test.describe.configure({ mode: 'serial' });

const PORT = E2E_PORT + 50;
const APP = `http://localhost:${PORT}`;
const DATA_DIR = `.e2e-data-payple-${PORT}`;
test.use({ baseURL: APP });

let payple: FakePayple;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  payple = await startFakePayple({ cstId: 'e2e-cst', custKey: 'e2e-cust-key', clientKey: 'e2e-client-key' });
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...e2eServerEnv(PORT, DATA_DIR),
      PAYPLE_BASE_URL: payple.url,
      PAYPLE_CST_ID: 'e2e-cst',
      PAYPLE_CUST_KEY: 'e2e-cust-key',
      PAYPLE_CLIENT_KEY: 'e2e-client-key',
      PAYMENT_SECRET: 'e2e-payment-secret',
    },
  });
  const deadline = Date.now() + 140_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The Payple spec's API server exited with ${server.exitCode}`);
    const up = await fetch(`${APP}/api/health/`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('The Payple spec’s API server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await payple?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

/** Collects the page's Content-Security-Policy violations. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|frame|connect|execute)/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

async function openSettings(page: Page, lang: 'ko' | 'en') {
  await signInAs(page, E2E_MEMBER, lang);
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('billing-section')).toBeVisible();
}

const paypleWindow = (page: Page) => page.frameLocator('iframe[data-payple-window]');

test('a member subscribes with a new card in Payple’s window; the server verified it and saved the card', async ({ page }) => {
  const csp = cspViolations(page);
  await openSettings(page, 'en');
  const section = page.getByTestId('billing-section');
  await expect(section.getByTestId('membership-none')).toBeVisible();
  await expect(section).toContainText('No saved cards.');
  const basic = section.locator('[data-testid^="plan-"]').filter({ hasText: 'Basic' });
  await basic.getByRole('button', { name: 'Subscribe' }).click();
  const modal = page.getByTestId('subscribe-modal');
  await expect(modal).toContainText('Subscribe to Basic');
  await expect(modal.getByRole('combobox', { name: 'Pay with' })).toHaveValue('A new card (payment window)');
  await expect(modal).toContainText('saved for renewals');
  await page.screenshot({ path: 'e2e/screenshots/payple-subscribe-en-desktop.png', animations: 'disabled' });
  await modal.getByRole('button', { name: /Pay ₩9,900/ }).click();

  // Payple's window, over the page, with the order the server opened.
  const win = paypleWindow(page);
  await expect(win.locator('[data-total]')).toHaveText('9900');
  await expect(win.locator('[data-goods]')).toHaveText('Basic');
  await page.screenshot({ path: 'e2e/screenshots/payple-window-en-desktop.png' });
  await win.getByRole('button', { name: '결제하기' }).click();

  await expect(page.locator('iframe[data-payple-window]')).toHaveCount(0);
  await expect(page.getByText('You are subscribed.')).toBeVisible();
  await expect(modal).toBeHidden();
  // The plan's credits count at once in the usage cards above (1,000 a member + 1,000 the plan's).
  await expect(page.getByTestId('usage-card-month')).toContainText('0% of 2,000 credits');
  const membership = section.getByTestId('membership');
  await expect(membership).toContainText('Basic');
  await expect(membership).toContainText('Paid with BC카드 1234-****-****-5678');
  await expect(section).not.toContainText('No saved cards.');
  const history = page.getByTestId('credit-history');
  await expect(history.locator('tbody tr')).toHaveCount(1);
  await expect(history.locator('tbody tr').first()).toContainText('Basic');
  await expect(history.locator('tbody tr').first()).toContainText('₩9,900');
  await expect(history.getByRole('link', { name: 'View' })).toHaveAttribute('href', new RegExp(`^${payple.url}/receipt/`));

  // The server asked Payple about exactly the order the window paid, and Payple holds one payment for it.
  const paid = [...payple.payments.values()].filter((p) => p.status === 'success');
  expect(paid).toHaveLength(1);
  expect(paid[0]!.total).toBe(9900);
  expect(payple.checkCalls).toEqual([paid[0]!.oid]);
  expect(csp).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/payple-subscribed-en-desktop.png', fullPage: true });
});

test('buying credits: a declined card and a closed window grant nothing; the saved card and a new card buy', async ({ page }) => {
  const csp = cspViolations(page);
  await openSettings(page, 'en');
  const history = page.getByTestId('credit-history');
  await expect(history.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Buy credits' }).first().click();
  const modal = page.getByTestId('credit-purchase-modal');
  const payWith = modal.getByRole('combobox', { name: 'Pay with' });
  // The saved card comes first.
  await expect(payWith).toHaveValue('BC카드 1234-****-****-5678');
  await payWith.click();
  await page.getByRole('option', { name: 'A new card (payment window)' }).click();
  await page.screenshot({ path: 'e2e/screenshots/payple-purchase-en-desktop.png' });

  // Declined in the window: the provider's reason, nothing granted.
  await modal.getByRole('button', { name: 'Buy' }).click();
  await paypleWindow(page).locator('#card').fill('4000-0000-0000-0002');
  await paypleWindow(page).getByRole('button', { name: '결제하기' }).click();
  await expect(modal.getByTestId('payment-error')).toHaveText('The card payment failed: 카드 승인 거절');
  // Closed: said plainly, nothing charged.
  await modal.getByRole('button', { name: 'Buy' }).click();
  await paypleWindow(page).getByRole('button', { name: '닫기' }).click();
  await expect(modal.getByTestId('payment-error')).toHaveText('The payment window was closed. Nothing was charged.');
  await expect(history.locator('tbody tr')).toHaveCount(1);

  // A new card in the window buys, and is saved beside the first.
  await modal.getByRole('button', { name: 'Buy' }).click();
  await paypleWindow(page).locator('#card').fill('5555-4444-3333-1111');
  await paypleWindow(page).getByRole('button', { name: '결제하기' }).click();
  await expect(page.getByText(/credits added\./)).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('Credit purchase');
  await expect(page.getByTestId('billing-section')).toContainText('5555-****-****-1111');

  // A saved card (the newest first) is charged at once, without a window.
  await page.getByRole('button', { name: 'Buy credits' }).first().click();
  await expect(modal.getByRole('combobox', { name: 'Pay with' })).toHaveValue('BC카드 5555-****-****-1111');
  const before = payple.billingCalls.length;
  await modal.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText(/credits added\./).first()).toBeVisible();
  await expect(history.locator('tbody tr')).toHaveCount(3);
  expect(payple.billingCalls.length).toBe(before + 1);
  expect(csp).toEqual([]);
});

test('in Korean, and on a phone: the subscribe modal of a member without a card', async ({ page }) => {
  // The administrator has no membership and no card on this server.
  await signInAs(page, E2E_ADMIN, 'ko');
  await page.goto('/dashboard/settings');
  const section = page.getByTestId('billing-section');
  await section.locator('[data-testid^="plan-"]').filter({ hasText: '베이직' }).getByRole('button', { name: '구독하기' }).click();
  const modal = page.getByTestId('subscribe-modal');
  await expect(modal.getByRole('combobox', { name: '결제 수단' })).toHaveValue('새 카드 (결제창)');
  await expect(modal.getByRole('button', { name: /₩9,900 결제/ })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/payple-subscribe-ko-desktop.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(modal.getByRole('combobox')).toBeHidden();
  await page.setViewportSize(SIZES.phone.viewport);
  await page.reload();
  await section.locator('[data-testid^="plan-"]').filter({ hasText: '베이직' }).getByRole('button', { name: '구독하기' }).click();
  await expect(modal.getByRole('combobox', { name: '결제 수단' })).toHaveValue('새 카드 (결제창)');
  await expectNoSideScroll(page);
  await page.screenshot({ path: 'e2e/screenshots/payple-subscribe-ko-phone.png', animations: 'disabled' });
});

test('in Korean, and on a phone: the purchase modal with a choice of card, and Payple’s window', async ({ page }) => {
  await openSettings(page, 'ko');
  await page.getByRole('button', { name: '크레딧 구매' }).first().click();
  const modal = page.getByTestId('credit-purchase-modal');
  await expect(modal.getByRole('combobox', { name: '결제 수단' })).toHaveValue('BC카드 5555-****-****-1111');
  await page.screenshot({ path: 'e2e/screenshots/payple-purchase-ko-desktop.png' });
  await modal.getByRole('combobox', { name: '결제 수단' }).click();
  await page.getByRole('option', { name: '새 카드 (결제창)' }).click();
  await expect(modal).toContainText('페이플 결제창');
  await modal.getByRole('button', { name: '구매' }).click();
  await expect(paypleWindow(page).locator('[data-total]')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/payple-window-ko-desktop.png' });
  await paypleWindow(page).getByRole('button', { name: '닫기' }).click();
  await expect(modal.getByTestId('payment-error')).toHaveText('결제창을 닫았습니다. 결제되지 않았습니다.');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.setViewportSize(SIZES.phone.viewport);
  await page.reload();
  await expect(page.getByTestId('billing-section')).toBeVisible();
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: '크레딧 구매' }).first().click();
  await modal.getByRole('combobox', { name: '결제 수단' }).click();
  await page.getByRole('option', { name: '새 카드 (결제창)' }).click();
  await page.screenshot({ path: 'e2e/screenshots/payple-purchase-ko-phone.png' });
  await modal.getByRole('button', { name: '구매' }).click();
  await expect(paypleWindow(page).locator('[data-total]')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/payple-window-ko-phone.png' });
  await paypleWindow(page).getByRole('button', { name: '결제하기' }).click();
  await expect(page.getByText(/크레딧이 추가되었습니다/)).toBeVisible();
});

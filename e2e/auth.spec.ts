import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, setLanguage, signInAs } from './fixtures';

test.describe('sign-in and session startup', () => {
  test('the sign-in page shows the tenant, the seven feature headings and the form (ko, en)', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ko'));
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await expect(page.getByTestId('marketing-panel').getByRole('heading', { level: 4 })).toHaveCount(7);
    await expect(page.getByText('데모 조직')).toBeVisible();
    await expect(page.getByTestId('tenant-logo')).toHaveAttribute('src', '/brand/demo-logo.svg');
    await page.screenshot({ path: 'e2e/screenshots/auth-ko.png', fullPage: true });
    await page.getByTestId('language-switch').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Demo Organisation')).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/auth-en.png', fullPage: true });
  });

  test('a wrong password shows the spec message; a right one lands on the dashboard', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/auth');
    await page.getByTestId('sign-in-email').fill(E2E_MEMBER.email);
    await page.getByTestId('sign-in-password').fill('Wrong-passw0rd!');
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('sign-in-error')).toHaveText('Incorrect email or password.');
    await page.getByTestId('sign-in-password').fill(E2E_MEMBER.password);
    await page.getByTestId('sign-in-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/chat/);
    await expect(page.getByTestId('nav-bar')).toBeVisible();
  });

  test('without a session a dashboard URL goes to /auth', async ({ page }) => {
    await page.goto('/dashboard/chat');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an expired session lands on /auth with the session-expired toast', async ({ page, context }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    // The refresh cookie is gone (expired or revoked): the next start-up refresh fails with 401.
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  });

  test('a reload keeps the session (refresh cookie) and the member sees no admin console button', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    await page.reload();
    await expect(page.getByTestId('nav-bar')).toBeVisible();
    await expect(page.getByTestId('admin-console-button')).toHaveCount(0);
  });

  test('sign out ends the session: back to /auth, and a reload stays there', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard/chat');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an admin sees the admin console button, opening /admin in a new tab', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    const button = page.getByTestId('admin-console-button');
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', '/admin');
    await expect(button).toHaveAttribute('target', '_blank');
  });

  test('switching the language persists it to the member record', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    await expect(page.getByTestId('new-chat-link')).toHaveText('New chat');
    await setLanguage(page, 'ko');
    await expect(page.getByTestId('new-chat-link')).toHaveText('새 채팅');
    // A fresh browser (no stored choice) adopts the saved language after sign-in.
    await page.evaluate(() => window.localStorage.removeItem('i18nextLng'));
    await page.reload();
    await expect(page.getByTestId('new-chat-link')).toHaveText('새 채팅');
    await setLanguage(page, 'en');
    await page.evaluate(() => window.localStorage.removeItem('i18nextLng'));
    await page.reload();
    await expect(page.getByTestId('new-chat-link')).toHaveText('New chat');
  });

  test('the language chosen on the sign-in page is the one the app opens in, and is saved to the member', async ({ page }) => {
    // The member's saved language is English; on the sign-in page they pick Korean.
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/auth/);
    await page.getByTestId('language-switch').selectOption('ko');
    await expect(page.getByRole('heading', { name: '로그인' })).toBeVisible();
    await page.getByTestId('sign-in-email').fill(E2E_MEMBER.email);
    await page.getByTestId('sign-in-password').fill(E2E_MEMBER.password);
    await page.getByTestId('sign-in-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/chat/);
    await expect(page.getByTestId('new-chat-link')).toHaveText('새 채팅');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    // Saved: a fresh browser with no stored choice opens in Korean too.
    const me = (await (await page.request.post('/api/auth/refresh/', { data: {} })).json()) as { language: string };
    expect(me.language).toBe('ko');
    await page.evaluate(() => window.localStorage.removeItem('i18nextLng'));
    await page.reload();
    await expect(page.getByTestId('new-chat-link')).toHaveText('새 채팅');
    await setLanguage(page, 'en');
  });
});

import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, setLanguage, signInAs } from './fixtures';

async function openConsole(page: Page) {
  await page.goto('/admin/announcements');
  await expect(page.getByTestId('admin-nav')).toBeVisible();
}

async function fillForm(page: Page, v: { title: string; content: string; location: 'auth' | 'dashboard' }) {
  await page.getByTestId('announcement-title').fill(v.title);
  await page.getByTestId('announcement-content').fill(v.content);
  await page.getByTestId(`announcement-location-${v.location}`).check();
}

/** Toasts close themselves after a few seconds; screenshots wait for a clean page. */
async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

test.describe.configure({ mode: 'serial' });

test.describe('admin announcements', () => {
  test('a member opening /admin sees the restricted-access page', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    await page.goto('/admin');
    await expect(page.getByTestId('restricted-page')).toBeVisible();
    await expect(page.getByText('This is a restricted access page')).toBeVisible();
  });

  test('an admin creates, edits, activates, deletes; the form validates', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await openConsole(page);
    await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
    await expect(page.getByTestId('summary-auth-empty')).toBeVisible();
    await expect(page.getByTestId('announcements-empty')).toBeVisible();

    // Create defaults: empty title and content, location auth, active on; Save disabled until changed.
    await page.getByTestId('new-announcement').click();
    await expect(page.getByTestId('announcement-title')).toHaveValue('');
    await expect(page.getByTestId('announcement-location-auth')).toBeChecked();
    await expect(page.getByTestId('announcement-active')).toBeChecked();
    await expect(page.getByTestId('announcement-save')).toBeDisabled();
    // Errors appear after a field is touched or on a submit attempt.
    await page.getByTestId('announcement-title').fill('   ');
    await expect(page.getByText('Enter a title.')).toHaveCount(0);
    await page.getByTestId('announcement-title').blur();
    await expect(page.getByText('Enter a title.')).toBeVisible();
    await page.getByTestId('announcement-save').click();
    await expect(page.getByText('Enter the content.')).toBeVisible();

    await fillForm(page, { title: '  Scheduled maintenance  ', content: 'The service is down **Sunday 2-4 am**.', location: 'auth' });
    await page.getByTestId('announcement-preview-tab').click();
    await expect(page.getByTestId('announcement-form').locator('strong')).toHaveText('Sunday 2-4 am');
    await page.getByTestId('announcement-save').click();
    await expect(page.getByText('Announcement created.')).toBeVisible();
    await expect(page.getByTestId('summary-auth-title')).toHaveText('Scheduled maintenance');

    await page.getByTestId('new-announcement').click();
    await fillForm(page, { title: 'Welcome to the dashboard', content: 'Try the **thinking mode** on hard questions.', location: 'dashboard' });
    await page.getByTestId('announcement-save').click();
    await expect(page.getByTestId('summary-dashboard-title')).toHaveText('Welcome to the dashboard');
    await expect(page.getByTestId('announcement-total')).toHaveText('2 in total');

    // Edit the auth one from its card.
    await page.getByTestId('summary-auth-edit').click();
    await expect(page.getByTestId('announcement-save')).toBeDisabled();
    await page.getByTestId('announcement-title').fill('Scheduled maintenance (updated)');
    await page.getByTestId('announcement-save').click();
    await expect(page.getByText('Announcement updated.')).toBeVisible();
    await expect(page.getByTestId('summary-auth-title')).toHaveText('Scheduled maintenance (updated)');

    // A second active auth announcement takes over; the first becomes inactive.
    await page.getByTestId('new-announcement').click();
    await fillForm(page, { title: 'New sign-in notice', content: 'Single sign-on is coming soon.', location: 'auth' });
    await page.getByTestId('announcement-save').click();
    await expect(page.getByTestId('summary-auth-title')).toHaveText('New sign-in notice');
    const firstRow = page.getByRole('row', { name: /Scheduled maintenance \(updated\)/ });
    await expect(firstRow.getByText('Inactive')).toBeVisible();
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/admin-announcements-en.png', fullPage: true });
    await setLanguage(page, 'ko');
    await expect(page.getByRole('heading', { name: '공지사항' })).toBeVisible();
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/admin-announcements-ko.png', fullPage: true });
    await setLanguage(page, 'en');

    // Delete the inactive one, with confirmation.
    await firstRow.getByRole('button', { name: 'Delete announcement' }).click();
    await page.getByTestId('confirm-delete-announcement').click();
    await expect(page.getByText('Announcement deleted.')).toBeVisible();
    await expect(page.getByRole('row', { name: /Scheduled maintenance/ })).toHaveCount(0);
    await expect(page.getByTestId('announcement-total')).toHaveText('2 in total');
    await expect(page.getByTestId('announcements-pagination')).toHaveCount(0);
  });

  test('the sign-in page shows the active auth announcement without signing in', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'en'));
    await page.goto('/auth');
    const banner = page.getByTestId('announcement-banner-auth');
    await expect(banner).toContainText('New sign-in notice');
    await expect(banner).toContainText('Single sign-on is coming soon.');
  });

  test('a member sees the dashboard announcement, rendered as markdown', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    const banner = page.getByTestId('announcement-banner-dashboard');
    await expect(banner).toContainText('Welcome to the dashboard');
    await expect(banner.locator('strong')).toHaveText('thinking mode');
  });
});

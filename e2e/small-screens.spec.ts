import { expect, test, type Page } from '@playwright/test';
import { closeMenu, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, openMenu, setFakeLlm, signInAs, SIZES } from './fixtures';

test.afterEach(() => setFakeLlm(null));

/**
 * The main flows on a phone, where the navigation is a drawer behind the menu button, and on a
 * tablet held upright (768 px, the breakpoint), where it stays beside the page.
 */
for (const size of ['phone', 'tablet'] as const) {
  test.describe(`${size} (${SIZES[size].viewport.width} × ${SIZES[size].viewport.height})`, () => {
    test.use(SIZES[size]);
    const drawer = size === 'phone';
    /** Where the navigation is a drawer, opens it. */
    const showNav = async (page: Page) => {
      if (drawer) await openMenu(page);
    };
    /** Where the navigation is a drawer, it has closed. */
    const navGone = async (page: Page) => {
      if (drawer) await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'false');
    };

    test('sign in, chat, open a session from the navigation', async ({ page }) => {
      await setFakeLlm({ reply: 'A phone-sized answer that is long enough to wrap across a few lines on a narrow screen.', tokenDelayMs: 5 });
      await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'en'));
      await page.goto('/auth');
      await expectNoSideScroll(page);
      await signInAs(page, E2E_MEMBER, 'en');

      const menu = page.getByTestId('menu-button');
      const input = page.getByTestId('chat-input');
      if (drawer) {
        // The drawer is closed: the chat has the whole width, the navigation is out of reach.
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await expect(page.getByTestId('new-chat-link')).toBeHidden();
        expect((await input.boundingBox())!.width).toBeGreaterThan(SIZES[size].viewport.width * 0.75);
      } else {
        await expect(menu).toBeHidden();
        expect((await page.locator('nav').boundingBox())!.width).toBe(264);
        expect((await input.boundingBox())!.width).toBeGreaterThan(400);
      }
      await expectNoSideScroll(page);

      await input.fill('First question from a small screen');
      await page.getByTestId('chat-send').click();
      const answer = page.getByTestId('chat-message-assistant').last();
      await expect(answer).toContainText('narrow screen.');
      await expect(page.getByTestId('answer-meta').last()).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
      const first = page.url().split('/').pop()!;
      // The answer wraps in lines, not a word per line.
      expect((await answer.boundingBox())!.width).toBeGreaterThan(drawer ? SIZES[size].viewport.width * 0.75 : 400);
      await expectNoSideScroll(page);

      // A second chat, then back to the first through the navigation.
      await showNav(page);
      await expect(page.getByTestId('new-chat-link')).toBeVisible();
      await expectNoSideScroll(page);
      await page.getByTestId('new-chat-link').click();
      await navGone(page);
      await expect(page.getByTestId('new-chat-intro')).toBeVisible();
      await input.fill('Second question');
      await page.getByTestId('chat-send').click();
      await expect(page.getByTestId('chat-message-assistant').last()).toContainText('narrow screen.');
      await expect(page).not.toHaveURL(new RegExp(`${first}$`));

      await showNav(page);
      await page.getByTestId(`session-row-${first}`).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${first}$`));
      await navGone(page);
      if (drawer) await expect(menu).toBeFocused();
      await expect(page.getByTestId('chat-message-user')).toHaveText('First question from a small screen');

      // The session's own actions show without hover on a touch screen.
      await showNav(page);
      await expect(page.getByTestId(`session-rename-${first}`)).toBeVisible();
      await page.getByTestId(`session-rename-${first}`).click();
      await page.getByTestId('rename-session-input').fill('Renamed on a small screen');
      await expectNoSideScroll(page);
      await page.getByTestId('rename-session-save').click();
      await expect(page.getByTestId(`session-row-${first}`)).toContainText('Renamed on a small screen');
      if (drawer) await closeMenu(page);
      await expect(page.getByTestId('chat-title')).toHaveText('Renamed on a small screen');
    });

    test('admin announcements: create and delete one', async ({ page }) => {
      await signInAs(page, E2E_ADMIN, 'en');
      await page.goto('/admin/announcements');
      await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
      await expectNoSideScroll(page);
      await showNav(page);
      await expect(page.getByTestId('back-to-dashboard')).toBeVisible();
      await page.getByTestId('admin-nav').getByRole('link', { name: 'Announcements' }).click();
      await navGone(page);

      await page.getByTestId('new-announcement').click();
      await page.getByTestId('announcement-title').fill(`Small-screen notice (${size})`);
      await page.getByTestId('announcement-content').fill('Written on a **small** screen.');
      await page.getByTestId('announcement-location-dashboard').check();
      await page.getByTestId('announcement-active').uncheck();
      await expectNoSideScroll(page);
      await page.getByTestId('announcement-save').click();
      await expect(page.getByText('Announcement created.')).toBeVisible();
      // A table row on a tablet, a card on a phone (the console kit's DataTable).
      const row = page.getByTestId(/^announcement-row-/).filter({ hasText: `Small-screen notice (${size})` });
      await expect(row).toBeVisible();
      // The table scrolls inside its frame; the page does not.
      await expectNoSideScroll(page);
      await row.getByRole('button', { name: 'Delete announcement' }).click();
      await page.getByTestId('confirm-delete-announcement').click();
      await expect(page.getByText('Announcement deleted.')).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  });
}

import { expect, test, type Page } from '@playwright/test';
import { adminApi, closeMenu, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, openMenu, setFakeLlm, setLanguage, signInAs, SIZES, type SizeName } from './fixtures';

/**
 * Every screen at desktop and phone size, in ko and en, kept in e2e/screenshots/ as
 * <screen>-<size>-<language>.png (the viewport, not the full page) to be looked at; each screen
 * is also checked for sideways scrolling of the page.
 */
test.describe.configure({ mode: 'serial' });
test.afterEach(() => setFakeLlm(null));

const ANSWER = 'Foxes are **small omnivores**. They:\n\n- live almost everywhere\n- hunt at dusk\n\n```js\nconst fox = "quick";\n```';

async function shot(page: Page, screen: string, size: SizeName, lang: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/${screen}-${size}-${lang}.png` });
}

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`${size} screens`, () => {
    test.use(SIZES[size]);
    const small = size !== 'desktop';

    test('sign-in', async ({ page }) => {
      for (const lang of ['ko', 'en'] as const) {
        await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
        await page.goto('/auth');
        await expect(page.getByTestId('sign-in-submit')).toBeVisible();
        await expect(page.getByTestId('tenant-logo').first()).toBeVisible();
        await shot(page, 'sign-in', size, lang);
      }
    });

    test('account screens: sign-up, forgot password, the member settings', async ({ page }) => {
      for (const lang of ['ko', 'en'] as const) {
        await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
        await page.goto('/auth?view=sign-up');
        await expect(page.getByTestId('sign-up-email')).toBeVisible();
        await shot(page, 'account-sign-up', size, lang);
        await page.goto('/auth?view=forgot-password');
        await expect(page.getByTestId('forgot-email')).toBeVisible();
        await shot(page, 'account-forgot-password', size, lang);
      }
      await signInAs(page, E2E_MEMBER);
      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        await page.goto('/dashboard/settings');
        await expect(page.getByTestId('settings-page')).toBeVisible();
        await shot(page, 'account-settings', size, lang);
      }
    });

    test('member screens: new chat, an answer, the drawer, dialogs, other pages', async ({ page }) => {
      await setFakeLlm({ reply: ANSWER, tokenDelayMs: 2 });
      await signInAs(page, E2E_MEMBER, 'en');
      await page.getByTestId('chat-input').fill('Tell me about foxes');
      await page.getByTestId('chat-input').press('Enter');
      await expect(page.getByTestId('answer-meta').last()).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
      const session = page.url();
      const newChat = session.replace(/\/[\w-]+$/, '');

      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        await page.goto(newChat);
        await expect(page.getByTestId('new-chat-intro')).toBeVisible();
        await shot(page, 'new-chat', size, lang);

        await page.goto(session);
        await expect(page.getByTestId('answer-meta').last()).toBeVisible();
        await expect(page.getByTestId('chat-message-assistant').last().locator('pre code')).toBeVisible();
        await shot(page, 'chat-session', size, lang);

        if (small) {
          await openMenu(page);
          await expect(page.getByTestId('new-chat-link')).toBeVisible();
          await shot(page, 'navigation-drawer', size, lang);
          await closeMenu(page);
        }

        await page.getByTestId('chat-rename').click();
        await expect(page.getByTestId('rename-session-input')).toBeFocused();
        await shot(page, 'rename-dialog', size, lang);
        await page.keyboard.press('Escape');
        await page.getByTestId('chat-delete').click();
        await expect(page.getByTestId('confirm-delete-session')).toBeVisible();
        await shot(page, 'delete-dialog', size, lang);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('confirm-delete-session')).toHaveCount(0);

        await page.goto('/dashboard/studio');
        await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
        await shot(page, 'coming-soon', size, lang);

        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
        await shot(page, 'not-found', size, lang);

        await page.goto('/admin');
        await expect(page.getByTestId('restricted-page')).toBeVisible();
        await shot(page, 'restricted', size, lang);
        await page.goto(newChat);
      }
      await setLanguage(page, 'en');
    });

    test('admin console: the navigation scrolled to its end, the edit member dialog, the audit log', async ({ page }) => {
      await signInAs(page, E2E_ADMIN, 'en');
      const admin = await adminApi(page.request);
      const tag = Date.now().toString(36).slice(-5);
      const extra = await admin.send<{ id: number }>('POST', '/admin/member-groups/', { ko_name: `디자인팀 ${tag}`, en_name: `Design ${tag}`, is_default: false });
      const found = await admin.get<{ items: Array<{ id: number; email: string }> }>(`/admin/members/?search_term=${encodeURIComponent(E2E_MEMBER.email)}`);
      const member = found.items.find((m) => m.email === E2E_MEMBER.email)!;
      await admin.send('PATCH', `/admin/members/${member.id}/`, { member_group_ids: [extra.id] });
      // Scrolled again on each try: the navigation can grow after the first scroll (labels
      // re-laid out in the language just chosen), leaving its end below the fold.
      const navToEnd = () =>
        expect(async () => {
          await page.getByTestId('admin-nav-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
          await expect(page.getByTestId('back-to-dashboard')).toBeInViewport({ ratio: 1, timeout: 1000 });
        }).toPass({ timeout: 15_000 });
      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        await page.goto('/admin/audit-log');
        await expect(page.getByTestId('audit-log-table')).toBeVisible();
        await page.waitForLoadState('networkidle');
        await shot(page, 'admin-audit-log', size, lang);
        if (small) {
          await openMenu(page);
          await navToEnd();
          await shot(page, 'admin-navigation-drawer-end', size, lang);
          await closeMenu(page);
        } else {
          await page.setViewportSize({ width: 1280, height: 600 });
          await navToEnd();
          await shot(page, 'admin-navigation-1280x600', size, lang);
          await page.setViewportSize(SIZES.desktop.viewport);
        }
        await page.goto('/admin/members');
        await page.getByTestId('members-search').fill(E2E_MEMBER.email);
        await expect(page.getByTestId('members-table').locator('tbody tr')).toHaveCount(1);
        await page.getByTestId(`edit-member-${member.id}`).click();
        await expect(page.getByTestId('member-edit-name')).toBeVisible();
        await expect(page.getByTestId(`member-edit-group-${extra.id}`)).toBeChecked();
        await shot(page, 'admin-member-edit', size, lang);
        await page.keyboard.press('Escape');
      }
      await admin.send('PATCH', `/admin/members/${member.id}/`, { member_group_ids: [] });
      await admin.send('DELETE', `/admin/member-groups/${extra.id}/`);
      await setLanguage(page, 'en');
    });

    test('admin console: every area and the announcement form', async ({ page }) => {
      // Every console area in two languages, each with its screenshot: past one page's minute.
      test.slow();
      await signInAs(page, E2E_ADMIN, 'en');
      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        // The console opens on its dashboard (issue 24).
        await page.goto('/admin');
        await expect(page).toHaveURL(/\/admin$/);
        if (small) await openMenu(page);
        // The navigation has rendered its links before they are read (evaluateAll does not wait).
        await expect(page.getByTestId('admin-nav').locator('a[href^="/admin/"]').first()).toBeVisible();
        const areas = await page.getByTestId('admin-nav').locator('a[href^="/admin/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
        if (small) {
          await shot(page, 'admin-navigation-drawer', size, lang);
          await closeMenu(page);
        }
        for (const href of areas) {
          await page.goto(href);
          await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await shot(page, `admin-${href.split('/').pop()}`, size, lang);
        }
        await page.goto('/admin/announcements');
        await page.getByTestId('new-announcement').click();
        await expect(page.getByTestId('announcement-title')).toBeVisible();
        await shot(page, 'admin-announcement-form', size, lang);
        await page.keyboard.press('Escape');
      }
      await setLanguage(page, 'en');
    });
  });
}

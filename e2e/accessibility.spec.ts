import { expect, test, type Page } from '@playwright/test';
import { accessToken, adminApi, E2E_ADMIN, E2E_MEMBER, openMenu, setFakeLlm, signInAs, SIZES } from './fixtures';
import { expectAccessible } from './accounts';

test.afterEach(() => setFakeLlm(null));


/** The focused element's test id (or tag), to follow the focus order. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName.toLowerCase() ?? null);

/** The focused element shows where focus is: an outline, or for the message box its frame. */
async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return false;
    const frame = el.closest('.chat-composer') ?? el;
    const s = getComputedStyle(frame);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  });
}

test.describe('axe: no serious or critical violations', () => {
  test('sign-in page, in ko and en', async ({ page }) => {
    for (const lang of ['ko', 'en']) {
      await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
      await page.goto('/auth');
      await expect(page.getByTestId('sign-in-submit')).toBeVisible();
      await expectAccessible(page, `sign-in (${lang})`);
    }
  });

  test('chat: new chat, an answer, a dialog, other member pages', async ({ page }) => {
    await setFakeLlm({ reply: 'A **short** answer with a [link](https://example.test/).', tokenDelayMs: 2 });
    await signInAs(page, E2E_MEMBER, 'en');
    await expect(page.getByTestId('new-chat-intro')).toBeVisible();
    await expectAccessible(page, 'new chat');
    await page.getByTestId('chat-input').fill('Hello');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('answer-meta')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
    await expectAccessible(page, 'chat with an answer');
    await page.getByTestId('chat-rename').click();
    await expect(page.getByTestId('rename-session-input')).toBeFocused();
    await expectAccessible(page, 'rename dialog');
    await page.keyboard.press('Escape');
    for (const path of ['/dashboard/studio', '/no-such-page', '/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page, path);
    }
  });

  test('every admin page and the announcement form', async ({ page }) => {
    // Every console page in turn, each checked with axe: well past one page's minute.
    test.slow();
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin');
    await expect(page.getByTestId('admin-nav')).toBeVisible();
    const areas = await page.getByTestId('admin-nav').locator('a[href^="/admin/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(areas.length).toBeGreaterThan(0);
    for (const href of areas) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, href);
    }
    await page.goto('/admin/announcements');
    await page.getByTestId('new-announcement').click();
    await expect(page.getByTestId('announcement-title')).toBeVisible();
    await expectAccessible(page, 'announcement form');
  });

  test('the members table with its pages; the model permissions table scrolling sideways', async ({ page }) => {
    // Two pages, each checked with axe, and their setting up.
    test.slow();
    await signInAs(page, E2E_ADMIN, 'en');
    // More members than a page holds: the list's answer says so (the pagination is what is checked).
    await page.route((url) => url.pathname === '/api/admin/members/', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { pagination: { total_pages: number; total_items: number } };
      await route.fulfill({ response: res, json: { ...body, pagination: { ...body.pagination, total_pages: 3, total_items: 30 } } });
    });
    await page.goto('/admin/members');
    const pages = page.getByTestId('members-pagination');
    await expect(pages).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Next page' })).toBeVisible();
    await expect(pages.getByRole('button', { name: 'Page 2' })).toBeVisible();
    await expectAccessible(page, 'the members table with pages');

    // Narrow enough that the groups' columns scroll: the region is reached with Tab and named.
    const admin = await adminApi(page.request);
    const tag = Date.now().toString(36).slice(-5);
    const groups: number[] = [];
    for (const n of [1, 2, 3, 4]) groups.push((await admin.send<{ id: number }>('POST', '/admin/member-groups/', { ko_name: `접근성 ${n} ${tag}`, en_name: `Access ${n} ${tag}`, is_default: false })).id);
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/admin/member-groups/models');
    const region = page.getByRole('region', { name: 'Model access by group' });
    await expect(region).toBeVisible();
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(region).toHaveAttribute('tabindex', '0');
    await region.focus();
    await expect(region).toBeFocused();
    await expectAccessible(page, 'the model permissions table');
    for (const id of groups) await admin.send('DELETE', `/admin/member-groups/${id}/`);
  });

  test('the Buy (here Request) credits button and a document\'s Ready badge read at 4.5:1', async ({ page }) => {
    // Two pages, each checked with axe, and their setting up.
    test.slow();
    await signInAs(page, E2E_MEMBER, 'en');
    await page.goto('/dashboard/settings');
    // The lane's server has no payment provider: the same filled button asks an administrator.
    const buy = page.getByTestId('billing-buy');
    await expect(buy).toHaveText('Request credits');
    await expectAccessible(page, 'the settings page with the Buy credits button');

    const headers = { 'x-access-token': await accessToken(page) };
    const draft = (await (await page.request.post('/api/chatbots/', { headers })).json()) as { id: number };
    await page.request.patch(`/api/chatbots/${draft.id}/`, { headers, data: { ko_name: '문서 봇', en_name: 'Document bot' } });
    await page.goto(`/dashboard/studio/${draft.id}`);
    await page.getByTestId('documents-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Ready to be read.\n'.repeat(50)) });
    const ready = page.getByTestId('document-status').filter({ hasText: 'Ready' });
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'the studio with a Ready document');
    await page.request.delete(`/api/chatbots/${draft.id}/`, { headers });
  });

  test.describe('phone', () => {
    test.use(SIZES.phone);
    test('chat and the open navigation drawer', async ({ page }) => {
      await signInAs(page, E2E_MEMBER, 'en');
      await expect(page.getByTestId('new-chat-intro')).toBeVisible();
      await expectAccessible(page, 'phone chat');
      await openMenu(page);
      await expectAccessible(page, 'phone navigation drawer');
    });
  });
});

test('a toast (an error with a title) is accessible: its close button is named, its text readable', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.route('**/api/admin/member-groups/usage/**', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'x' } }) }));
  await page.goto('/admin/member-groups/usage');
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Close' })).toBeVisible();
  await expectAccessible(page, 'an error toast');
});

test.describe('chat with the keyboard alone', () => {
  test('focus order and visible focus; Shift+Enter a new line, Enter sends; the answer is announced once, when it ends', async ({ page }) => {
    const reply = `Keyboard answer ${'and more '.repeat(20)}done.`;
    await setFakeLlm({ reply, tokenDelayMs: 40 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.reload();
    await expect(page.getByTestId('new-chat-intro')).toBeVisible();

    // From the top of the page: the navigation first, then the message box, then its controls.
    const order: string[] = [];
    const tabTo = async (target: string) => {
      for (let i = 0; i < 300 && order.at(-1) !== target; i += 1) {
        await page.keyboard.press('Tab');
        order.push((await focused(page)) ?? '');
        if (order.at(-1) === 'new-chat-link') expect(await focusIsVisible(page), 'focus visible on the New chat link').toBe(true);
      }
      expect(order.at(-1)).toBe(target);
      expect(await focusIsVisible(page), `focus visible on ${target}`).toBe(true);
    };
    await tabTo('chat-input');
    expect(order.indexOf('new-chat-link')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('new-chat-link')).toBeLessThan(order.indexOf('chat-input'));
    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    await expect(page.getByTestId('chat-input')).toHaveValue('first line\nsecond line');
    await tabTo('chat-send');
    expect(order.indexOf('model-picker')).toBeGreaterThan(order.indexOf('chat-input'));
    expect(order.indexOf('chat-send')).toBeGreaterThan(order.indexOf('model-picker'));

    await page.getByTestId('chat-input').focus();
    const announcer = page.getByTestId('chat-announcer');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('chat-message-user')).toHaveText('first line\nsecond line');
    await expect(page.getByTestId('chat-input')).toHaveValue('');
    // While the answer streams the polite region says nothing; once it ends, it says the answer once.
    await expect(page.getByTestId('chat-message-assistant')).toContainText('Keyboard');
    await expect(page.getByTestId('chat-message-assistant')).toHaveAttribute('data-status', 'streaming');
    await expect(announcer).toHaveText('');
    await expect(announcer).toHaveText(`Answer: ${reply.replace(/\s+/g, ' ').trim()}`);
    await expect(page.getByTestId('chat-input')).toBeFocused();
  });

  test('Escape stops an answer; a dialog traps focus and Escape closes it, giving focus back', async ({ page }) => {
    await setFakeLlm({ reply: Array.from({ length: 200 }, (_, i) => `word${i}`).join(' '), tokenDelayMs: 40 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Count for a long time');
    await page.getByTestId('chat-input').press('Enter');
    const answer = page.getByTestId('chat-message-assistant').last();
    await expect(answer).toContainText('word3');
    await page.keyboard.press('Escape');
    await expect(answer).toHaveAttribute('data-status', 'stopped');
    await expect(page.getByTestId('chat-announcer')).toHaveText('The answer was stopped.');

    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
    const rename = page.getByTestId('chat-rename');
    await rename.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('rename-session-input')).toBeFocused();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus stays in the dialog').toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rename).toBeFocused();
    // Escape with no answer running and no dialog changes nothing.
    await page.keyboard.press('Escape');
    await expect(answer).toHaveAttribute('data-status', 'stopped');
  });
});

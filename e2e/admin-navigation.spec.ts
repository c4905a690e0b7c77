import { expect, type Locator, test } from '@playwright/test';
import { E2E_ADMIN, signInAs } from './fixtures';

/**
 * The admin console's navigation in a short window: every area, the language switch and "Back to
 * dashboard" can be reached with the mouse wheel (the list is taller than 600 px and once ran
 * off the bottom of the screen with nothing to scroll).
 */
for (const height of [720, 600]) {
  test(`at 1280×${height} the wheel scrolls the admin navigation to its last entries`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height });
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin');
    const nav = page.getByTestId('admin-nav');
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeInViewport({ ratio: 1 });

    const all = await onScreen(nav, false);
    expect(all.length).toBeGreaterThan(10);
    // Everything that does not fit at first comes into view as the wheel turns over the navigation.
    await nav.getByRole('link', { name: 'Dashboard', exact: true }).hover();
    const seen = new Set<string>();
    for (let turn = 0; turn < 12; turn += 1) {
      for (const label of await onScreen(nav, true)) seen.add(label);
      await page.mouse.wheel(0, 150);
      await page.waitForTimeout(100);
    }
    expect(all.filter((label) => !seen.has(label))).toEqual([]);
    await expect(page.getByTestId('language-switch')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('back-to-dashboard')).toBeInViewport({ ratio: 1 });

    // And it works: the last area opens, the language switch changes the language.
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
    await expect(page.getByTestId('back-to-dashboard')).toHaveAttribute('href', '/dashboard/chat');
  });
}

/** The navigation's links' texts: all of them, or only those wholly inside the window. */
function onScreen(nav: Locator, inWindowOnly: boolean): Promise<string[]> {
  return nav.evaluate(
    (el, only) =>
      [...el.querySelectorAll('a')]
        .filter((a) => {
          const r = a.getBoundingClientRect();
          return !only || (r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight);
        })
        .map((a) => a.textContent ?? ''),
    inWindowOnly,
  );
}

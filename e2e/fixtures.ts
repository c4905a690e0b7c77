import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, FAKE_LLM_PORT } from '../playwright.config';
import { controlFakeLlm, fakeLlmRequests } from '../tools/fake-llm/control';
import type { Scenario } from '../tools/fake-llm/server';

export { E2E_ADMIN, E2E_MEMBER };

/** Changes what the fake upstream answers (see tools/fake-llm/server.ts Scenario). null = reset. */
export const setFakeLlm = (scenario: Partial<Scenario> | null) => controlFakeLlm(FAKE_LLM_PORT, scenario);

/** The request bodies the fake upstream received since it was last set or reset, newest last. */
export const fakeLlmReceived = () => fakeLlmRequests(FAKE_LLM_PORT);

/** Signs in through the real /auth form, waits for the dashboard, then sets the interface language. */
export async function signInAs(page: Page, who: { email: string; password: string }, lang: 'ko' | 'en' = 'en'): Promise<void> {
  await page.goto('/auth');
  await page.getByTestId('sign-in-email').fill(who.email);
  await page.getByTestId('sign-in-password').fill(who.password);
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/chat/);
  await setLanguage(page, lang);
}

/** Through the footer switch, which also saves the choice to the member's record. On small screens it is in the menu's drawer. */
export async function setLanguage(page: Page, lang: 'ko' | 'en'): Promise<void> {
  const select = page.getByTestId('language-switch');
  const menu = page.getByTestId('menu-button');
  await expect(select.or(menu).filter({ visible: true }).first()).toBeVisible();
  const inDrawer = await menu.isVisible();
  if (inDrawer) await openMenu(page);
  if ((await select.inputValue()) !== lang) {
    const saved = page.waitForResponse((r) => r.url().includes('/api/members/') && r.request().method() === 'PATCH');
    await select.selectOption(lang);
    await saved;
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (inDrawer) await closeMenu(page);
}

/** Small screens: opens the navigation drawer with the menu button. */
export async function openMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('menu-button');
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  // Once it has slid in.
  const drawer = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
}

/** Small screens: closes the navigation drawer with Escape. */
export async function closeMenu(page: Page): Promise<void> {
  const menu = page.getByTestId('menu-button');
  if ((await menu.getAttribute('aria-expanded')) === 'true') await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator(`#${await menu.getAttribute('aria-controls')}`)).toBeHidden();
}

/** The access token the page holds, for API calls from the test. */
export async function accessToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/refresh/', { data: {} });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Screen sizes the browser tests use: a desktop, a tablet held upright and a phone. */
export const SIZES = {
  desktop: { viewport: { width: 1280, height: 720 } },
  tablet: { viewport: { width: 768, height: 1024 }, hasTouch: true },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
} as const;
export type SizeName = keyof typeof SIZES;

/** The page itself never scrolls sideways (wide tables scroll inside their own frame). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
  expect(scrollWidth, `the page is ${scrollWidth}px wide in a ${width}px window`).toBeLessThanOrEqual(width);
}

/** The admin API with a token of its own, for a test's setting up and restoring (not what it looks at). */
export interface AdminApi {
  request: APIRequestContext;
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T>;
}

export async function adminApi(request: APIRequestContext): Promise<AdminApi> {
  const res = await request.post('/api/auth/sign-in/', { data: E2E_ADMIN });
  expect(res.ok(), await res.text()).toBe(true);
  const headers = { 'x-access-token': ((await res.json()) as { access_token: string }).access_token };
  const check = async <T>(r: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
    return (await r.json()) as T;
  };
  return {
    request,
    get: async <T>(path: string) => check<T>(await request.get(`/api${path}`, { headers })),
    send: async <T>(method: string, path: string, data?: unknown) => check<T>(await request.fetch(`/api${path}`, { method, headers, data })),
  };
}

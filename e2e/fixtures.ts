import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, FAKE_LLM_PORT } from '../playwright.config';
import { controlFakeLlm } from '../tools/fake-llm/control';
import type { Scenario } from '../tools/fake-llm/server';

export { E2E_ADMIN, E2E_MEMBER };

/** Changes what the fake upstream answers (see tools/fake-llm/server.ts Scenario). null = reset. */
export const setFakeLlm = (scenario: Partial<Scenario> | null) => controlFakeLlm(FAKE_LLM_PORT, scenario);

/** Signs in through the real /auth form, waits for the dashboard, then sets the interface language. */
export async function signInAs(page: Page, who: { email: string; password: string }, lang: 'ko' | 'en' = 'en'): Promise<void> {
  await page.goto('/auth');
  await page.getByTestId('sign-in-email').fill(who.email);
  await page.getByTestId('sign-in-password').fill(who.password);
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/chat/);
  await setLanguage(page, lang);
}

/** Through the footer switch, which also saves the choice to the member's record. */
export async function setLanguage(page: Page, lang: 'ko' | 'en'): Promise<void> {
  const select = page.getByTestId('language-switch');
  await expect(select).toBeVisible();
  if ((await select.inputValue()) !== lang) {
    const saved = page.waitForResponse((r) => r.url().includes('/api/members/') && r.request().method() === 'PATCH');
    await select.selectOption(lang);
    await saved;
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** The access token the page holds, for API calls from the test. */
export async function accessToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/refresh/', { data: {} });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

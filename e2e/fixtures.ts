import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MEMBER, FAKE_LLM_PORT } from '../playwright.config';

export { E2E_ADMIN, E2E_MEMBER };

/** Changes what the fake upstream answers (see tools/fake-llm/server.ts Scenario). Empty = reset. */
export async function setFakeLlm(scenario: Record<string, unknown> | null): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${FAKE_LLM_PORT}/control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: scenario ? JSON.stringify(scenario) : '',
  });
  if (!res.ok) throw new Error(`fake-llm control failed: ${res.status}`);
}

/** Signs in through the real /auth form and waits for the dashboard. */
export async function signInAs(page: Page, who: { email: string; password: string }, lang: 'ko' | 'en' = 'en'): Promise<void> {
  await page.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
  await page.goto('/auth');
  await page.getByTestId('sign-in-email').fill(who.email);
  await page.getByTestId('sign-in-password').fill(who.password);
  await page.getByTestId('sign-in-submit').click();
  await expect(page).toHaveURL(/\/dashboard\/chat/);
}

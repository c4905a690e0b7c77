import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminApi } from './fixtures';
import { codeIn, nextMail, outboxMark } from './mail';

/** A strong password (spec §5) for the people the tests create; the seeded accounts keep theirs. */
export const PASSWORD = 'Fresh-passw0rd!';

/** An address no earlier run of this server has used. */
export const uniqueEmail = (who: string) => `${who}-${Date.now().toString(36)}@example.com`;

/** Toasts close themselves after a few seconds; screenshots wait for a clean page. */
export async function toastsGone(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

/** axe-core over the page as it is: no serious or critical violation of WCAG 2.1 A/AA or axe's best practices. */
export async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(' | ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

/** A desktop screenshot of a whole page into e2e/screenshots/<screen>-desktop-<lang>.png, from its top. */
export async function shot(page: Page, screen: string, lang: 'ko' | 'en', fullPage = true) {
  await toastsGone(page);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/${screen}-desktop-${lang}.png`, fullPage, animations: 'disabled' });
}

/** The /auth page's own switch (no member to save the choice to). */
export async function authLanguage(page: Page, lang: 'ko' | 'en') {
  await page.getByTestId('language-switch').selectOption(lang);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

export interface SignUpSetup {
  groupId: number;
  fields: Array<{ id: number; en_name: string; field_type: string; is_required: boolean }>;
  policies: Array<{ id: number; en_name: string; kind: string; is_mandatory: boolean }>;
}

/** What the sign-up form offers right now (public reads, as the form makes them). */
export async function signUpSetup(request: APIRequestContext): Promise<SignUpSetup> {
  const groups = (await (await request.get('/api/member-groups/?is_default=true')).json()) as { items: Array<{ id: number }> };
  const fields = (await (await request.get('/api/custom-fields/?is_signup_field=true')).json()) as { items: SignUpSetup['fields'] };
  const policies = (await (await request.get('/api/policies/')).json()) as { items: SignUpSetup['policies'] };
  return { groupId: groups.items[0]!.id, fields: fields.items, policies: policies.items };
}

/** A sign-up through the API, code read from the mail (for people the test only needs to exist). */
export async function signUpByApi(request: APIRequestContext, setup: SignUpSetup, who: { email: string; name: string; fieldValue: number }) {
  const mark = await outboxMark();
  expect((await request.post('/api/auth/code/', { data: { email: who.email, language: 'en' } })).ok()).toBe(true);
  const code = codeIn(await nextMail(who.email, mark));
  const res = await request.post('/api/auth/sign-up/', {
    data: {
      email: who.email,
      password: PASSWORD,
      name: who.name,
      language: 'en',
      auth_code: code,
      default_member_group_id: setup.groupId,
      member_group_ids: [],
      custom_fields: Object.fromEntries(setup.fields.map((f) => [String(f.id), f.field_type === 'number' ? who.fieldValue : `v${who.fieldValue}`])),
      agreements: setup.policies.map((p) => p.id),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { member_status: string };
}

/** A member of the test's own: signed up through the API and approved by an administrator; their id. */
export async function approvedMember(request: APIRequestContext, admin: AdminApi, who: { email: string; name: string; fieldValue: number }): Promise<number> {
  await signUpByApi(request, await signUpSetup(request), who);
  const found = await admin.get<{ items: Array<{ id: number; email: string }> }>(`/admin/members/?search_term=${encodeURIComponent(who.email)}`);
  const id = found.items.find((m) => m.email === who.email)!.id;
  await admin.send('POST', '/admin/members/bulk/process-pending-request/', { member_ids: [id], approve: true });
  return id;
}

/** Signs in on /auth and waits for the dashboard (or, with a temporary password, the forced change). */
export async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
}

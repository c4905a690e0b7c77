import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { startTestDirectory, type TestDirectory } from '../apps/api/src/test/ldap-directory';
import { startTestIdp, type TestIdp } from '../apps/api/src/test/oidc-idp';
import { xlsxOf } from '../apps/web/src/lib/__fixtures__/write-xlsx';
import { adminApi, E2E_ADMIN, expectNoSideScroll, setLanguage, signInAs, SIZES } from './fixtures';

// Single sign-on end to end (issue 29): the admin adds an OIDC platform in the console and fills
// the SSO whitelist from a file; a person signs in at a real OpenID provider (oidc-provider, started
// here), signs up through the SSO sign-up form, and next time is signed in at once.
test.describe.configure({ mode: 'serial' });

let idp: TestIdp;
let directory: TestDirectory;
const person = { login: 'e2e-sso-person', email: 'sso.person@corp.test', name: 'Sso Person' };

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from its first argument's pattern
test.beforeAll(async ({}, testInfo) => {
  idp = await startTestIdp({
    // The provider sends the browser back to /auth itself (decision 039).
    redirectUris: [`${testInfo.project.use.baseURL}/auth`],
    accounts: {
      [person.login]: { email: person.email, email_verified: true, name: person.name },
      'e2e-sso-ko': { email: 'listed0@corp.test', email_verified: true, name: '김지수' },
      'e2e-sso-phone-en': { email: 'listed2@corp.test', email_verified: true, name: 'Pat Phone' },
      'e2e-sso-phone-ko': { email: 'listed3@corp.test', email_verified: true, name: '박서연' },
    },
  });
  directory = await startTestDirectory({ dana: { password: 'dana-pw!', attributes: { cn: 'Dana Choi', mail: 'listed1@corp.test', mobile: '010-2345-6789' } } });
});
test.afterAll(async () => {
  await idp?.close();
  await directory?.close();
});

/** Through the provider's sign-in page, back to /auth. */
async function signInAtIdp(page: Page, login: string) {
  await page.getByRole('button', { name: /Corp IdP/ }).click();
  await page.waitForURL((u) => u.origin === idp.issuer);
  await page.locator('input[name=login]').fill(login);
  await page.getByRole('button', { name: 'Sign in to the test IdP' }).click();
}

const shot = (page: Page, name: string, lang: 'ko' | 'en') => page.screenshot({ path: `e2e/screenshots/sso-${name}-${lang}.png`, fullPage: true, animations: 'disabled' });

async function asGuestIn(page: Page, lang: 'ko' | 'en') {
  await page.goto('/auth');
  await page.evaluate((l) => window.localStorage.setItem('i18nextLng', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('the admin adds an OIDC platform and fills the SSO whitelist', async ({ page, request }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/sso');
  await page.getByTestId('sso-platform-new').click();
  await page.getByTestId('sso-platform-name').fill('Corp IdP');
  await page.getByTestId('sso-platform-issuer').fill(idp.issuer);
  await page.getByTestId('sso-platform-client-id').fill(idp.clientId);
  await page.getByTestId('sso-platform-client-secret').fill(idp.clientSecret);
  await page.getByRole('switch', { name: 'Only whitelisted emails' }).check();
  await shot(page, 'platform-modal', 'en');
  await page.getByTestId('sso-platform-save').click();
  await expect(page.getByTestId('sso-platform-row')).toHaveCount(1);
  await expect(page.getByTestId('sso-platforms-table')).not.toContainText(idp.clientSecret);
  await shot(page, 'platforms', 'en');

  // The whitelist tab beside the members tabs: a file with an invalid email is refused with its count.
  await page.goto('/admin/members/sso-whitelist');
  await page.getByTestId('whitelist-upload').click();
  const dir = mkdtempSync(path.join(tmpdir(), 'wl-'));
  const bad = path.join(dir, 'bad.csv');
  writeFileSync(bad, 'email\nok@corp.test\nnot-an-email\n');
  await page.locator('input[type=file]').setInputFiles(bad);
  await expect(page.getByTestId('whitelist-file-error')).toContainText('1 invalid');
  await expect(page.getByTestId('whitelist-start-upload')).toBeDisabled();
  // The good one is a spreadsheet (the first column of its first sheet).
  const good = path.join(dir, 'whitelist.xlsx');
  writeFileSync(good, xlsxOf([['email', 'name'], [person.email, person.name], ...Array.from({ length: 11 }, (_, i) => [`listed${i}@corp.test`, `Listed ${i}`])], 'Whitelist'));
  await page.locator('input[type=file]').setInputFiles(good);
  await expect(page.getByTestId('whitelist-file-count')).toContainText('12');
  await page.getByTestId('whitelist-start-upload').click();
  await expect(page.getByTestId('whitelist-upload-progress')).toHaveAttribute('data-running', 'false');
  await expect(page.getByTestId('whitelist-batch').first()).toHaveAttribute('data-state', 'success');
  await shot(page, 'whitelist-upload', 'en');
  await page.getByTestId('whitelist-upload-close').click();
  await expect(page.getByTestId('whitelist-total')).toContainText('12');
  await expect(page.getByTestId('whitelist-row')).toHaveCount(10);
  await page.getByTestId('whitelist-search').fill(person.email);
  await expect(page.getByTestId('whitelist-row')).toHaveCount(1);
  await page.getByTestId('whitelist-search').fill('');
  await shot(page, 'whitelist', 'en');

  // The same screens in Korean.
  await page.goto('/dashboard/chat');
  await setLanguage(page, 'ko');
  await page.goto('/admin/members/sso-whitelist');
  await expect(page.getByTestId('members-tab-whitelist')).toContainText('SSO 화이트리스트');
  await expect(page.getByTestId('whitelist-row')).toHaveCount(10);
  await shot(page, 'whitelist', 'ko');
  await page.goto('/admin/sso');
  await expect(page.getByTestId('sso-platform-row')).toHaveCount(1);
  await shot(page, 'platforms', 'ko');
  await page.goto('/dashboard/chat');
  await setLanguage(page, 'en');

  const api = await adminApi(request);
  await api.send('PATCH', '/admin/sign-up-settings/', { auto_approve: true });
});

test('a person signs in at the provider, signs up through the SSO form, then is signed in at once', async ({ browser }) => {
  for (const [lang, login, email] of [
    ['en', person.login, person.email],
    ['ko', 'e2e-sso-ko', 'listed0@corp.test'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await asGuestIn(page, lang);
    await expect(page.getByTestId('sso-buttons')).toBeVisible();
    await shot(page, 'sign-in', lang);
    await signInAtIdp(page, login);
    await expect(page.getByTestId('sso-sign-up-intro')).toBeVisible();
    await expect(page.getByTestId('sign-up-email')).toHaveValue(email);
    await expect(page.getByTestId('sign-up-password')).toHaveCount(0);
    // One default group is chosen for the person; with several (other specs make some), they pick.
    const group = page.getByTestId('sign-up-default-group');
    if ((await group.inputValue()) === '') await group.selectOption({ index: 1 });
    await shot(page, 'sign-up', lang);
    await page.getByTestId('sign-up-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/chat/);

    // Signed out, the next SSO sign-in goes straight in.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.removeItem('has_session'));
    await page.goto('/auth');
    await signInAtIdp(page, login);
    await expect(page).toHaveURL(/\/dashboard\/chat/);
    await context.close();
  }
});

test('a directory platform: the id and password are bound, then a code is sent', async ({ browser, request }) => {
  const api = await adminApi(request);
  await api.send('POST', '/admin/sso-platforms/', { kind: 'directory', name: 'Corp LDAP', directory_url: directory.url, bind_dn_template: directory.bindDnTemplate });
  for (const lang of ['en', 'ko'] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await asGuestIn(page, lang);
    await page.getByRole('button', { name: /Corp LDAP/ }).click();
    await page.getByTestId('directory-user-id').fill('dana');
    await page.getByTestId('directory-password').fill('wrong');
    await page.getByTestId('directory-continue').click();
    await expect(page.getByTestId('directory-error')).toBeVisible();
    await shot(page, 'directory-refused', lang);
    await page.getByTestId('directory-password').fill('dana-pw!');
    await page.getByTestId('directory-continue').click();
    await expect(page.getByTestId('directory-code')).toBeVisible();
    await expect(page.getByTestId('directory-modal')).toContainText('l***@corp.test');
    await page.getByTestId('directory-send-code').click();
    await expect(page.getByTestId('directory-send-code')).toContainText(lang === 'en' ? 'Send again' : '다시 보내기');
    await shot(page, 'directory-code', lang);
    await context.close();
  }
});

test('on a phone: the sign-on buttons, the SSO sign-up form, the platforms and the whitelist fit', async ({ browser }) => {
  const phoneShot = async (page: Page, name: string, lang: 'ko' | 'en') => {
    await expectNoSideScroll(page);
    await page.screenshot({ path: `e2e/screenshots/sso-${name}-phone-${lang}.png`, animations: 'disabled' });
  };
  for (const lang of ['en', 'ko'] as const) {
    const context = await browser.newContext({ ...SIZES.phone });
    const page = await context.newPage();
    await asGuestIn(page, lang);
    await expect(page.getByTestId('sso-buttons')).toBeVisible();
    await phoneShot(page, 'sign-in', lang);
    await signInAtIdp(page, `e2e-sso-phone-${lang}`);
    await expect(page.getByTestId('sso-sign-up-intro')).toBeVisible();
    const group = page.getByTestId('sign-up-default-group');
    if ((await group.inputValue()) === '') await group.selectOption({ index: 1 });
    await phoneShot(page, 'sign-up', lang);
    await page.getByTestId('sign-up-submit').click();
    await expect(page).toHaveURL(/\/dashboard\/chat/);
    await context.close();

    const admin = await browser.newContext({ ...SIZES.phone });
    const adminPage = await admin.newPage();
    await signInAs(adminPage, E2E_ADMIN, lang);
    await adminPage.goto('/admin/sso');
    await expect(adminPage.getByTestId('sso-platform-row').first()).toBeVisible();
    await phoneShot(adminPage, 'platforms', lang);
    await adminPage.goto('/admin/members/sso-whitelist');
    await expect(adminPage.getByTestId('whitelist-row').first()).toBeVisible();
    await phoneShot(adminPage, 'whitelist', lang);
    await admin.close();
  }
});

test('refused at the callback: an email off the whitelist, a provider that sends no email (424), a state this browser never started', async ({ browser, request }) => {
  idp.accounts.set('outsider', { email: 'outsider@corp.test', email_verified: true, name: 'Outsider' });
  const context = await browser.newContext();
  const page = await context.newPage();
  await asGuestIn(page, 'en');
  await signInAtIdp(page, 'outsider');
  await expect(page.getByTestId('sso-callback-error')).toContainText('may not sign in');
  await shot(page, 'refused', 'en');
  await context.close();

  // A provider that sends no email: the §8 424 text, in Korean too (each in a browser of its own:
  // the provider would remember who signed in).
  idp.accounts.set('no-email', { name: 'No Email' });
  for (const lang of ['en', 'ko'] as const) {
    const fresh = await browser.newContext();
    const p = await fresh.newPage();
    await asGuestIn(p, lang);
    await signInAtIdp(p, 'no-email');
    await expect(p.getByTestId('sso-callback-error')).toContainText(lang === 'en' ? 'did not send essential information' : '필수 정보');
    await shot(p, 'claims-missing', lang);
    await fresh.close();
  }

  // A callback whose state this browser never started (a forged or replayed link) is refused.
  const forged = await browser.newContext();
  const fp = await forged.newPage();
  await asGuestIn(fp, 'en');
  await fp.goto(`/auth?code=forged-code&state=forged-state&iss=${encodeURIComponent(idp.issuer)}`);
  await expect(fp.getByTestId('sso-callback-error')).toContainText('expired or is not valid');
  await forged.close();

  // Leave the demo tenant as other specs expect it: no platform shown on the sign-in page, approval on.
  const api = await adminApi(request);
  const { items } = await api.get<{ items: Array<{ id: number }> }>('/admin/sso-platforms/');
  for (const p of items) await api.send('PATCH', `/admin/sso-platforms/${p.id}/`, { is_enabled: false });
  await api.send('PATCH', '/admin/sign-up-settings/', { auto_approve: false });
});

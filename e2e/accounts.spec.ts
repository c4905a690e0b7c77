import { expect, test, type Browser, type Page } from '@playwright/test';
import { authLanguage, expectAccessible, PASSWORD, shot, signInWith, signUpByApi, signUpSetup, toastsGone, uniqueEmail } from './accounts';
import { E2E_ADMIN, setLanguage, signInAs } from './fixtures';
import { codeIn, invitationPathIn, nextMail, outboxMark, temporaryPasswordIn } from './mail';

/**
 * Issue 20, end to end with the mail the server writes to its outbox: the console's sign-up
 * settings, a sign-up with an emailed code waiting for approval, the approval, an invitation
 * accepted with its link and temporary password, a forgotten password, the member's settings.
 */
test.describe.configure({ mode: 'serial' });

const TERMS = Array.from({ length: 40 }, (_, i) => `**Article ${i + 1}.** The member uses the service within the organisation's rules.`).join('\n\n');
const FIELD = { ko: '사번', en: 'Employee number' };
const signer = { email: uniqueEmail('signer'), name: 'Sam Signer' };
const invitee = { email: uniqueEmail('invitee'), name: 'Ivy Invitee' };

async function freshPage(browser: Browser, lang: 'ko' | 'en' = 'en'): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((l) => window.localStorage.setItem('i18nextLng', l), lang);
  return context.newPage();
}

/** Ticks every policy the way a person must: reads the text to its end, opens the link. */
async function agreeToPolicies(page: Page, shotLang?: 'ko' | 'en') {
  const boxes = page.getByTestId('policy-agreements').getByRole('checkbox');
  for (const id of await page.getByTestId('policy-agreements').locator('[data-testid$="-checkbox"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!))) {
    const box = page.getByTestId(id);
    const policy = id.replace('-checkbox', '');
    if (await page.getByTestId(`${policy}-view`).isVisible()) {
      await expect(box).toBeDisabled();
      await page.getByTestId(`${policy}-view`).click();
      await expect(page.getByTestId('policy-agree')).toBeDisabled();
      // The markdown renderer loads on first use; the text shows plain until then.
      await expect(page.getByTestId('policy-content').locator('strong').first()).toBeVisible();
      if (shotLang) {
        await shot(page, 'policy-reading', shotLang, false);
        await expectAccessible(page, 'a policy to read');
      }
      await page.getByTestId('policy-content').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.getByTestId('policy-agree').click();
    } else {
      await expect(box).toBeDisabled();
      const popup = page.waitForEvent('popup');
      await page.getByTestId(`${policy}-open`).click();
      await (await popup).close();
      await box.check();
    }
    await expect(box).toBeChecked();
  }
  await expect(boxes.first()).toBeVisible();
}

test('an admin sets up sign-up: a required number field, a mandatory text policy and a link policy', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/sign-up-settings');
  await expect(page.getByRole('heading', { name: 'Sign-up settings' })).toBeVisible();
  await expect(page.getByTestId('auto-approve')).not.toBeChecked();
  await expect(page.getByTestId('member-count-value')).toHaveText(/^\d+ \(no maximum\)$/);

  await page.getByTestId('new-custom-field').click();
  await expect(page.getByTestId('custom-field-save')).toBeDisabled();
  await page.getByTestId('custom-field-ko-name').fill(' ');
  await page.getByTestId('custom-field-ko-name').blur();
  await expect(page.getByText('Enter a name of 1 to 100 characters.')).toBeVisible();
  await page.getByTestId('custom-field-ko-name').fill(FIELD.ko);
  await page.getByTestId('custom-field-en-name').fill(FIELD.en);
  await page.getByTestId('custom-field-type').getByText('Number').click();
  await page.getByTestId('custom-field-is_required').check();
  await page.getByTestId('custom-field-is_unique').check();
  await shot(page, 'custom-field-form', 'en', false);
  await page.getByTestId('custom-field-save').click();
  await expect(page.getByText('Custom field created.')).toBeVisible();
  const row = page.getByTestId('custom-fields-table').getByRole('row', { name: new RegExp(FIELD.en) });
  await expect(row.getByText('Required')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Number', exact: true })).toBeVisible();

  await page.getByTestId('new-policy').click();
  await page.getByTestId('policy-ko-name').fill('이용약관');
  await page.getByTestId('policy-en-name').fill('Terms of service');
  await page.getByTestId('policy-save').click();
  await expect(page.getByText('Enter the text.')).toBeVisible();
  await page.getByTestId('policy-content-input').fill(TERMS);
  await expect(page.getByTestId('policy-mandatory')).toBeChecked();
  await page.getByTestId('policy-save').click();
  await expect(page.getByText('Policy created.')).toBeVisible();

  await page.getByTestId('new-policy').click();
  await page.getByTestId('policy-ko-name').fill('개인정보 처리방침');
  await page.getByTestId('policy-en-name').fill('Privacy notice');
  await page.getByTestId('policy-kind').getByText('Link').click();
  await page.getByTestId('policy-url').fill('ftp://nowhere');
  await page.getByTestId('policy-url').blur();
  await expect(page.getByText('Enter a URL starting with https://.')).toBeVisible();
  await page.getByTestId('policy-url').fill(`${new URL(page.url()).origin}/brand/demo-logo.svg`);
  await shot(page, 'policy-form', 'en', false);
  await page.getByTestId('policy-save').click();
  await expect(page.getByTestId('policies-table').getByRole('row')).toHaveCount(3);

  // Auto-approval on and off again: sign-ups below wait for approval.
  await page.getByTestId('auto-approve').click();
  await expect(page.getByText('Sign-ups are now approved automatically.')).toBeVisible();
  await page.getByTestId('auto-approve').click();
  await expect(page.getByTestId('auto-approve')).not.toBeChecked();
  for (const lang of ['en', 'ko'] as const) {
    await setLanguage(page, lang);
    await shot(page, 'sign-up-settings', lang);
  }
  await expectAccessible(page, 'sign-up settings');
});

test('a visitor signs up with the emailed code and waits for approval; signing in is refused until then', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto('/auth');
  await expect(page.getByTestId('marketing-panel').getByRole('heading', { level: 4 })).toHaveCount(7);
  await page.getByTestId('go-sign-up').click();
  await expect(page).toHaveURL(/\/auth\?view=sign-up$/);

  // Errors show on a submit attempt, not before.
  await expect(page.getByText('Enter the 6-digit code.')).toHaveCount(0);
  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByText('Enter the 6-digit code.')).toBeVisible();
  await expect(page.getByText('Enter a name of 2 to 100 characters.')).toBeVisible();
  await expect(page.getByTestId('policy-error')).toHaveText('Agree to every required policy.');

  // The code: sent once, then the button waits (resend_after).
  const mark = await outboxMark();
  await page.getByTestId('sign-up-email').fill(signer.email);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('code-sent')).toContainText(signer.email);
  await expect(page.getByTestId('send-code')).toHaveText(/^Again in \d+s$/);
  await expect(page.getByTestId('send-code')).toBeDisabled();
  const code = codeIn(await nextMail(signer.email, mark));

  await page.getByTestId('sign-up-code').fill(code);
  await page.getByTestId('sign-up-name').fill(signer.name);
  await page.getByTestId('sign-up-password').fill('short');
  await page.getByTestId('sign-up-password').blur();
  await expect(page.getByText('Use at least 8 characters with letters, numbers and special characters.')).toBeVisible();
  await page.getByTestId('sign-up-password').fill(PASSWORD);
  await page.getByTestId('sign-up-confirm').fill(`${PASSWORD}x`);
  await page.getByTestId('sign-up-confirm').blur();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByTestId('sign-up-confirm').fill(PASSWORD);
  await expect(page.getByTestId('sign-up-default-group')).not.toHaveValue('');
  await page.getByLabel(FIELD.en).fill('1001');
  await agreeToPolicies(page, 'en');
  for (const lang of ['ko', 'en'] as const) {
    await authLanguage(page, lang);
    await shot(page, 'sign-up', lang);
  }
  await expectAccessible(page, 'the sign-up form');

  await page.getByTestId('sign-up-submit').click();
  await expect(page.getByTestId('sign-up-pending')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await shot(page, 'sign-up-pending', 'en');
  await authLanguage(page, 'ko');
  await expect(page.getByRole('heading', { name: '승인 대기 중' })).toBeVisible();
  await shot(page, 'sign-up-pending', 'ko');

  await authLanguage(page, 'en');
  await page.getByTestId('pending-sign-in').click();
  await signInWith(page, signer.email, PASSWORD);
  await expect(page.getByTestId('sign-in-error')).toHaveText('Not yet approved by the administrator.');
  await page.context().close();
});

test('an admin rejects two requests with a reason in one go, approves the visitor, who then signs in', async ({ page, browser }) => {
  const setup = await signUpSetup(page.request);
  const others = [
    { email: uniqueEmail('other-a'), name: 'Olga Other', fieldValue: 2001 },
    { email: uniqueEmail('other-b'), name: 'Otto Other', fieldValue: 2002 },
  ];
  for (const o of others) expect((await signUpByApi(page.request, setup, o)).member_status).toBe('pending');

  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/pending-requests');
  await expect(page.getByRole('tab', { name: 'Pending requests', selected: true })).toBeVisible();
  const row = (email: string) => page.getByTestId('pending-table').getByRole('row', { name: new RegExp(email) });
  await expect(row(signer.email)).toBeVisible();
  await expect(row(signer.email).getByText('Registration')).toBeVisible();
  for (const lang of ['ko', 'en'] as const) {
    await setLanguage(page, lang);
    await shot(page, 'pending-requests', lang);
  }
  await expectAccessible(page, 'pending requests');

  // Search narrows the list (debounced).
  await page.getByTestId('pending-search').fill('other-');
  await expect(page.getByTestId('pending-table').getByRole('row')).toHaveCount(3);
  for (const o of others) await row(o.email).getByRole('checkbox').check();
  await page.getByTestId('bulk-reject').click();
  await page.getByTestId('reject-confirm').click();
  await expect(page.getByTestId('reject-modal').getByText('Enter a reason.')).toBeVisible();
  await page.getByTestId('reject-reason').fill('Not part of the organisation.');
  await page.getByTestId('reject-confirm').click();
  await expect(page.getByTestId('pending-results')).toBeVisible();
  for (const o of others) await expect(page.getByTestId('pending-results').getByText(`${o.name} (${o.email})`)).toBeVisible();
  await expect(page.getByTestId('pending-results').getByText('Rejected')).toHaveCount(2);
  await shot(page, 'pending-requests-results', 'en');
  await expect(page.getByTestId('pending-empty')).toBeVisible();

  const mark = await outboxMark();
  await page.getByTestId('pending-search').fill('');
  await row(signer.email).getByRole('button', { name: `Approve ${signer.name}` }).click();
  await expect(page.getByText(`${signer.name} was approved.`)).toBeVisible();
  await expect(row(signer.email)).toHaveCount(0);
  expect((await nextMail(signer.email, mark)).subject).toMatch(/approved|승인/);

  const member = await browser.newPage();
  await signInWith(member, signer.email, PASSWORD);
  await expect(member).toHaveURL(/\/dashboard\/chat/);
  await expect(member.getByTestId('nav-bar')).toBeVisible();
  await member.context().close();
});

test('an invited person accepts through the mailed link and temporary password and lands in the dashboard', async ({ page, browser }) => {
  // Two people, three browsers, mail twice, screenshots in two languages: more than a minute on a busy machine.
  test.slow();
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/invitations');
  await expect(page.getByRole('tab', { name: 'Invited members', selected: true })).toBeVisible();
  const mark = await outboxMark();
  await page.getByTestId('invite-members').click();
  await page.getByTestId('invite-send').click();
  await expect(page.getByText('Enter a name of 1 to 100 characters.')).toBeVisible();
  await page.getByTestId('invite-name-0').fill(invitee.name);
  await page.getByTestId('invite-email-0').fill(invitee.email);
  await page.getByTestId('invite-add-row').click();
  await page.getByTestId('invite-name-1').fill('Already Member');
  await page.getByTestId('invite-email-1').fill(signer.email);
  await page.getByTestId('invite-send').click();
  const results = page.getByTestId('invite-results');
  await expect(results).toContainText('1 of 2 invited');
  await expect(page.getByTestId(`invite-result-${invitee.email}`)).toContainText('Invited');
  await expect(page.getByTestId(`invite-result-${signer.email}`)).toContainText('Already a member.');
  // The failed row stays in the form to be fixed; the invited one left it.
  await expect(page.getByTestId('invite-email-0')).toHaveValue(signer.email);
  await shot(page, 'invite-members', 'en', false);
  await expectAccessible(page, 'the invite form with results');
  await page.getByTestId('invite-modal').getByRole('button', { name: 'Cancel' }).click();

  const row = page.getByTestId('invitations-table').getByRole('row', { name: new RegExp(invitee.email) });
  await expect(row.getByText('Pending')).toBeVisible();
  for (const lang of ['ko', 'en'] as const) {
    await setLanguage(page, lang);
    await shot(page, 'invitations', lang);
  }
  await expectAccessible(page, 'invitations');
  await nextMail(invitee.email, mark);

  // Sent again: a new temporary password; the newest mail is the one that works.
  const resent = await outboxMark();
  await row.getByRole('button', { name: `Send the invitation to ${invitee.email} again` }).click();
  await expect(page.getByText(`The invitation was sent to ${invitee.email} again.`)).toBeVisible();
  const mail = await nextMail(invitee.email, resent);
  const link = invitationPathIn(mail);
  const temporary = temporaryPasswordIn(mail);

  const guest = await freshPage(browser);
  await guest.goto('/auth?invitation=no-such-invitation');
  await expect(guest.getByTestId('invitation-error-text')).toHaveText('The invitation does not exist.');
  await shot(guest, 'invitation-unusable', 'en');
  await guest.goto(link);
  await expect(guest.getByTestId('invitation-email')).toHaveValue(invitee.email);
  await expect(guest.getByTestId('invitation-email')).toHaveAttribute('readonly', '');
  await expect(guest.getByTestId('invitation-name')).toHaveValue(invitee.name);
  await guest.getByTestId('invitation-temporary').fill('wrong-one');
  await guest.getByTestId('invitation-password').fill(PASSWORD);
  await guest.getByTestId('invitation-confirm').fill(PASSWORD);
  await guest.getByLabel(FIELD.en).fill('3003');
  await authLanguage(guest, 'ko');
  await agreeToPolicies(guest, 'ko');
  for (const lang of ['ko', 'en'] as const) {
    await authLanguage(guest, lang);
    await shot(guest, 'accept-invitation', lang);
  }
  await expectAccessible(guest, 'accepting an invitation');
  await guest.getByTestId('invitation-submit').click();
  await expect(guest.getByTestId('invitation-submit-error')).toHaveText('The temporary password is incorrect.');
  await guest.getByTestId('invitation-temporary').fill(temporary);
  await guest.getByTestId('invitation-submit').click();
  await expect(guest).toHaveURL(/\/dashboard\/chat/);
  await expect(guest.getByTestId('nav-bar')).toBeVisible();
  await guest.context().close();

  await page.reload();
  await expect(row.getByText('Accepted')).toBeVisible();
  // The used link now says so.
  const late = await freshPage(browser);
  await late.goto(link);
  await expect(late.getByTestId('invitation-error-text')).toHaveText('This invitation has already been accepted. Sign in instead.');
  await late.context().close();

  // Delete one invitation after a confirmation.
  const gone = uniqueEmail('gone');
  await page.getByTestId('invite-members').click();
  await page.getByTestId('invite-name-0').fill('Gone Soon');
  await page.getByTestId('invite-email-0').fill(gone);
  await page.getByTestId('invite-send').click();
  await page.getByTestId('invite-done').click();
  const goneRow = page.getByTestId('invitations-table').getByRole('row', { name: new RegExp(gone) });
  await goneRow.getByRole('checkbox').check();
  await page.getByTestId('bulk-delete-invitations').click();
  await page.getByTestId('confirm-delete-invitations').click();
  await expect(page.getByText('1 invitation(s) deleted.')).toBeVisible();
  await expect(goneRow).toHaveCount(0);
});

test('a forgotten password: temporary password from the mail, a forced change, then signed in', async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto('/auth');
  await page.getByTestId('go-forgot-password').click();
  await expect(page).toHaveURL(/view=forgot-password/);
  const mark = await outboxMark();
  await page.getByTestId('forgot-email').fill(invitee.email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toHaveText(`If ${invitee.email} is registered, a temporary password was sent to it. It works once within 30 minutes.`);
  await shot(page, 'forgot-password', 'en');
  await expectAccessible(page, 'forgot password');
  await authLanguage(page, 'ko');
  await shot(page, 'forgot-password', 'ko');
  await authLanguage(page, 'en');
  const mail = await nextMail(invitee.email, mark);
  // The mail says what happens: the old password works until the temporary one is used, and then no more.
  expect(mail.text).toContain('Signing in with it makes it your password: your old password no longer works, and you choose a new one right away.');
  expect(mail.text).toContain('unless the temporary password is used, your current password stays as it is.');
  const temporary = temporaryPasswordIn(mail);

  await signInWith(page, invitee.email, temporary);
  await expect(page.getByTestId('forced-password-change')).toBeVisible();
  const old = await freshPage(browser);
  await signInWith(old, invitee.email, PASSWORD);
  await expect(old.getByTestId('sign-in-error')).toHaveText('Incorrect email or password.');
  await old.context().close();
  // Nothing else until a new password is set, also after a reload or on another page.
  await page.goto('/dashboard/settings');
  await expect(page.getByTestId('forced-password-change')).toBeVisible();
  await expect(page.getByTestId('nav-bar')).toHaveCount(0);
  for (const lang of ['ko', 'en'] as const) {
    await page.getByTestId('language-switch').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await shot(page, 'forced-password-change', lang);
  }
  await expectAccessible(page, 'the forced password change');
  await page.getByTestId('change-password-current').fill(temporary);
  await page.getByTestId('change-password-new').fill('Newer-passw0rd!');
  await page.getByTestId('change-password-confirm').fill('Newer-passw0rd!');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('nav-bar')).toBeVisible();
  await page.context().close();

  const again = await freshPage(browser);
  await signInWith(again, invitee.email, 'Newer-passw0rd!');
  await expect(again).toHaveURL(/\/dashboard\/chat/);
  await again.context().close();
});

test('member settings: name, language and the editable field saved; a password change ends the other sessions only', async ({ browser }) => {
  const other = await freshPage(browser);
  await signInWith(other, signer.email, PASSWORD);
  await expect(other).toHaveURL(/\/dashboard\/chat/);

  const page = await freshPage(browser);
  await signInWith(page, signer.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard\/chat/);
  await page.getByTestId('settings-link').click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByTestId('profile-save')).toBeDisabled();
  await expect(page.getByLabel(FIELD.en)).toHaveValue('1001');
  await page.getByTestId('profile-name').fill('Samantha Signer');
  await page.getByLabel(FIELD.en).fill('1002');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Your profile was saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveValue('Samantha Signer');
  await expect(page.getByLabel(FIELD.en)).toHaveValue('1002');
  for (const lang of ['ko', 'en'] as const) {
    await setLanguage(page, lang);
    await shot(page, 'settings', lang);
  }
  await expectAccessible(page, 'member settings');

  await page.getByTestId('change-password-current').fill('Wrong-passw0rd!');
  await page.getByTestId('change-password-new').fill('Second-passw0rd!');
  await page.getByTestId('change-password-confirm').fill('Second-passw0rd!');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The current password is incorrect.');
  await page.getByTestId('change-password-current').fill(PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('Your password was changed. Other sessions were signed out.')).toBeVisible();
  // This window carries on with the new tokens, also after a reload; the other one is signed out.
  await page.reload();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/auth$/);
  await toastsGone(page);
  await page.context().close();
  await other.context().close();
});

test('the admin removes the field and the policies again', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/sign-up-settings');
  for (const name of ['Terms of service', 'Privacy notice']) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByTestId('confirm-delete-policy').click();
    await expect(page.getByTestId('policies-table').getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  }
  await expect(page.getByTestId('policies-empty')).toBeVisible();
  await page.getByRole('button', { name: `Delete ${FIELD.en}` }).click();
  await page.getByTestId('confirm-delete-custom-field').click();
  await expect(page.getByTestId('custom-fields-empty')).toBeVisible();
});

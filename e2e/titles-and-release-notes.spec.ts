import { expect, test } from '@playwright/test';
import { accessToken, adminApi, E2E_MEMBER, fakeLlmReceived, setFakeLlm, setLanguage, signInAs } from './fixtures';

test.afterEach(() => setFakeLlm(null));

test.describe('session titles', () => {
  test("a new chat's session row shows the title the model generated after the first answer, without a reload", async ({ page }) => {
    // The fake upstream answers the chat and the title request alike: the row ends with its reply, not the question.
    await setFakeLlm({ reply: 'Red foxes at dusk', tokenDelayMs: 20 });
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('chat-input').fill('Tell me how red foxes hunt in the evening please');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Red foxes at dusk');
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
    const hash = page.url().split('/').at(-1)!;
    const row = page.getByTestId(`session-row-${hash}`);
    await expect(row).toContainText('Red foxes at dusk');
    // The title request: not streamed, in the member's language, holding the first question and answer.
    const titleRequest = (await fakeLlmReceived()).filter((r) => r.stream !== true).at(-1);
    expect(titleRequest).toBeTruthy();
    const prompt = JSON.stringify(titleRequest!.messages);
    expect(prompt).toContain('in English');
    expect(prompt).toContain('Tell me how red foxes hunt');
    await page.screenshot({ path: 'e2e/screenshots/session-title-desktop-en.png', animations: 'disabled' });
    // Stored: still there after a reload.
    await page.reload();
    await expect(page.getByTestId(`session-row-${hash}`)).toContainText('Red foxes at dusk');

    // In Korean: the member's language (saved by the switch) is the title's.
    await setLanguage(page, 'ko');
    await setFakeLlm({ reply: '저녁에 사냥하는 붉은 여우', tokenDelayMs: 20 });
    await page.getByTestId('new-chat-link').click();
    await page.getByTestId('chat-input').fill('붉은 여우는 저녁에 어떻게 사냥하나요?');
    await page.getByTestId('chat-send').click();
    await expect(page).not.toHaveURL(new RegExp(`${hash}$`));
    await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
    const koHash = page.url().split('/').at(-1)!;
    await expect(page.getByTestId(`session-row-${koHash}`)).toContainText('저녁에 사냥하는 붉은 여우');
    const koRequest = (await fakeLlmReceived()).filter((r) => r.stream !== true).at(-1);
    expect(JSON.stringify(koRequest!.messages)).toContain('in Korean');
    await page.screenshot({ path: 'e2e/screenshots/session-title-desktop-ko.png', animations: 'disabled' });
  });
});

test.describe("What's new", () => {
  test('an admin sees the release notes once: shown until closed, then not again after a reload', async ({ page, request }) => {
    // The seeded admin has seen this release's notes (a fresh install): the demo member, made admin for this test, has not.
    const admin = await adminApi(request);
    const found = await admin.get<{ items: Array<{ id: number }> }>(`/admin/members/?search_term=${encodeURIComponent(E2E_MEMBER.email)}`);
    const memberId = found.items[0]!.id;
    await admin.send('PATCH', `/admin/members/${memberId}/`, { is_admin: true });
    try {
      await signInAs(page, E2E_MEMBER, 'ko');
      await page.goto('/admin');
      // The Modal's root (the test id) has no box of its own: its dialog is what is seen.
      const modal = page.getByRole('dialog');
      await expect(modal).toBeVisible();
      await expect(modal).toContainText('새로운 기능');
      await expect(modal).toContainText('대화 제목');
      await expect(modal.locator('li strong').first()).toBeVisible(); // the markdown rendered
      await page.screenshot({ path: 'e2e/screenshots/whats-new-desktop-ko.png', animations: 'disabled' });
      // Not closed yet: a reload shows it again (here in English).
      const token = await accessToken(page);
      expect((await page.request.patch(`/api/members/${memberId}/`, { headers: { 'x-access-token': token }, data: { language: 'en' } })).ok()).toBe(true);
      await page.evaluate(() => window.localStorage.setItem('i18nextLng', 'en'));
      await page.reload();
      await expect(modal).toBeVisible();
      await expect(modal).toContainText("What's new");
      await expect(modal).toContainText('Session titles');
      await expect(modal.locator('li strong').first()).toBeVisible();
      await page.screenshot({ path: 'e2e/screenshots/whats-new-desktop-en.png', animations: 'disabled' });
      const seen = page.waitForResponse((r) => r.url().includes('/api/admin/release-notes/seen/') && r.ok());
      await page.getByTestId('whats-new-close').click();
      await seen;
      await expect(modal).toBeHidden();
      const asked = page.waitForResponse((r) => r.url().endsWith('/api/admin/release-notes/') && r.ok());
      await page.reload();
      // The notes were asked again and answered seen: nothing shows.
      expect(((await (await asked).json()) as { seen: boolean }).seen).toBe(true);
      await expect(page.getByTestId('admin-nav')).toBeVisible();
      await expect(page.getByTestId('whats-new')).toHaveCount(0);
    } finally {
      await admin.send('PATCH', `/admin/members/${memberId}/`, { is_admin: false });
    }
  });
});

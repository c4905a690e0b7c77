import type { TaskMode, TaskModeList } from '@app/contracts/task-modes';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, shot, toastsGone } from './accounts';
import { adminApi, type AdminApi, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, fakeLlmReceived, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

/**
 * Task modes (issue 27 §3): the admin creates, edits and switches modes in the console; a member
 * picks one in the chat input and the question goes out with its task_mode_id (the server wraps
 * it in the template and stores it as typed); a mode switched off is not offered. Every mode is
 * deleted at the end, so other specs' chats have no mode control.
 */
test.describe.configure({ mode: 'serial' });

const TEMPLATE = 'Summarise in one sentence: {{input}}';
let ctx: APIRequestContext;
let admin: AdminApi;

async function clearModes() {
  const { items } = await admin.get<TaskModeList>('/admin/task-modes/');
  for (const m of items) await admin.send('DELETE', `/admin/task-modes/${m.id}/`);
}

test.beforeAll(async ({ baseURL }) => {
  ctx = await playwrightRequest.newContext({ baseURL });
  admin = await adminApi(ctx);
  await clearModes();
});

test.afterAll(async () => {
  await clearModes();
  await setFakeLlm(null);
  await ctx.dispose();
});

test.describe('desktop', () => {
  test.use(SIZES.desktop);

  test('the admin creates a mode with a live preview, edits it and switches another off', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin');
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Task modes' }).click();
    await expect(page).toHaveURL(/\/admin\/task-modes$/);
    const heading = page.getByRole('heading', { name: 'Task modes', level: 2 });
    await expect(heading).toBeVisible();
    await heading.hover();
    await expect(page.getByTestId('task-modes-empty')).toContainText('No task modes yet');
    await expectAccessible(page, 'task modes (empty)');

    // Create: the preview follows the template; without {{input}} the message would come after it.
    await page.getByTestId('new-task-mode').click();
    const form = page.getByTestId('task-mode-form');
    await form.getByTestId('task-mode-ko-name').fill('요약');
    await form.getByTestId('task-mode-en-name').fill('Summarise');
    await form.getByTestId('task-mode-template').fill('Summarise in one sentence:');
    await expect(form.getByTestId('task-mode-placeholder-note')).toContainText('the message will follow the template');
    await expect(form.getByTestId('task-mode-preview')).toHaveText('Summarise in one sentence:\n\nThe quarterly report is attached.', { useInnerText: true });
    await form.getByTestId('task-mode-template').fill(TEMPLATE);
    await expect(form.getByTestId('task-mode-preview')).toHaveText('Summarise in one sentence: The quarterly report is attached.');
    await expect(form.getByTestId('task-mode-template-count')).toHaveText(`${TEMPLATE.length} / 4000`);
    await expect(form.getByTestId('task-mode-model')).toHaveValue('');
    await expectAccessible(page, 'task mode form');
    await page.getByRole('dialog', { name: 'New task mode' }).screenshot({ path: 'e2e/screenshots/admin-task-modes-form-desktop-en.png', animations: 'disabled' });
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/task-modes/') && r.request().method() === 'POST');
    await form.getByTestId('task-mode-save').click();
    const mode = (await (await created).json()) as TaskMode;
    expect(mode).toMatchObject({ ko_name: '요약', en_name: 'Summarise', prompt_template: TEMPLATE, llm_model_id: null, is_active: true, sort_order: 0 });
    const row = page.getByTestId(`task-mode-row-${mode.id}`);
    await expect(row).toContainText('Summarise');
    await expect(row).toContainText("Chatbot's model");

    // Edit: only what changed is sent.
    await row.getByTestId(`task-mode-edit-${mode.id}`).click();
    await form.getByTestId('task-mode-ko-name').fill('한 문장 요약');
    await form.getByTestId('task-mode-order').fill('1');
    const patched = page.waitForRequest((r) => r.url().endsWith(`/api/admin/task-modes/${mode.id}/`) && r.method() === 'PATCH');
    await form.getByTestId('task-mode-save').click();
    expect((await patched).postDataJSON()).toEqual({ ko_name: '한 문장 요약', sort_order: 1 });
    await expect(form).toBeHidden();
    await expect(row.locator('td').nth(4)).toHaveText('1');

    // A second mode (set up through the API) is switched off from the table.
    const proofread = await admin.send<TaskMode>('POST', '/admin/task-modes/', { ko_name: '교정', en_name: 'Proofread', prompt_template: 'Fix the spelling and grammar.', sort_order: 2 });
    await page.reload();
    const toggle = page.getByTestId(`task-mode-active-${proofread.id}`);
    await expect(toggle).toBeChecked();
    const switched = page.waitForResponse((r) => r.url().endsWith(`/api/admin/task-modes/${proofread.id}/`) && r.request().method() === 'PATCH');
    await toggle.click({ force: true });
    expect((await switched).ok()).toBe(true);
    await expect(toggle).not.toBeChecked();
    expect((await admin.get<TaskModeList>('/task-modes/')).items.map((m) => m.en_name)).toEqual(['Summarise']);
    await expect(page.getByTestId('task-mode-total')).toHaveText('2 task modes');
    await expectAccessible(page, 'task modes table');
    await heading.hover();
    await shot(page, 'admin-task-modes', 'en');
    await setLanguage(page, 'ko');
    await expect(page.getByRole('heading', { name: '작업 모드', level: 2 })).toBeVisible();
    await expect(row).toContainText('한 문장 요약');
    await toastsGone(page);
    await shot(page, 'admin-task-modes', 'ko');
    await setLanguage(page, 'en');
  });

  test('a member picks the mode in the chat input; it stays until removed; a mode switched off is not offered', async ({ page }) => {
    const { items } = await admin.get<TaskModeList>('/task-modes/');
    const summarise = items.find((m) => m.en_name === 'Summarise')!;
    await setFakeLlm({ reply: 'One sentence it is.', tokenDelayMs: 5 });
    await signInAs(page, E2E_MEMBER, 'en');
    const picker = page.getByTestId('task-mode-picker');
    await expect(picker).toBeVisible();
    await expect(picker.locator('option')).toHaveText(['Mode: none', 'Summarise']);
    await picker.selectOption({ label: 'Summarise' });
    const chip = page.getByTestId('task-mode-chip');
    await expect(chip).toHaveText('Summarise');
    await expect(chip).toHaveAccessibleName('Remove the mode Summarise');

    await page.getByTestId('chat-input').fill('long text');
    const sent = page.waitForRequest((r) => /\/api\/chatbots\/\d+\/chat\/$/.test(r.url()) && r.method() === 'POST');
    await page.getByTestId('chat-send').click();
    expect((await sent).postDataJSON()).toMatchObject({ text: 'long text', task_mode_id: summarise.id });
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('One sentence it is.');
    // The model received the question in the mode's template (the chat's streamed request, not the
    // title the platform asks for after a new chat's first answer).
    const received = (await fakeLlmReceived()).filter((r) => r.stream === true).at(-1)!.messages as Array<{ role: string; content: string }>;
    expect(received.at(-1)!.content).toBe('Summarise in one sentence: long text');
    // Stored as typed: the member's own words, not the template.
    await expect(page.getByTestId('chat-message-user')).toHaveText('long text');
    await expect(chip).toBeVisible();
    await expectAccessible(page, 'chat with a task mode');
    await shot(page, 'chat-task-mode', 'en', false);
    // In Korean: the mode keeps its Korean name in the chip.
    await setLanguage(page, 'ko');
    await expect(chip).toHaveText(summarise.ko_name);
    await shot(page, 'chat-task-mode', 'ko', false);
    await setLanguage(page, 'en');

    // Still chosen for the next message; removed, the next goes without it.
    await page.getByTestId('chat-input').fill('and more');
    const again = page.waitForRequest((r) => /\/api\/chatbots\/\d+\/chat\/$/.test(r.url()) && r.method() === 'POST');
    await page.getByTestId('chat-send').click();
    expect((await again).postDataJSON()).toMatchObject({ task_mode_id: summarise.id });
    await expect(page.getByTestId('chat-message-assistant')).toHaveCount(2);
    await expect(page.getByTestId('chat-message-assistant').last()).toHaveAttribute('data-status', 'completed');
    await chip.click();
    await expect(chip).toBeHidden();
    await expect(picker).toHaveValue('');
    await page.getByTestId('chat-input').fill('plain');
    const plain = page.waitForRequest((r) => /\/api\/chatbots\/\d+\/chat\/$/.test(r.url()) && r.method() === 'POST');
    await page.getByTestId('chat-send').click();
    expect((await plain).postDataJSON()).toMatchObject({ task_mode_id: null });
    await expect(page.getByTestId('chat-message-assistant')).toHaveCount(3);

    // Summarise switched off too: no modes, no control.
    await admin.send('PATCH', `/admin/task-modes/${summarise.id}/`, { is_active: false });
    await page.goto('/dashboard/chat');
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await expect(page.getByTestId('chat-send')).toBeVisible();
    await expect(picker).toHaveCount(0);
    await admin.send('PATCH', `/admin/task-modes/${summarise.id}/`, { is_active: true });
  });
});

test.describe('phone', () => {
  test.use(SIZES.phone);

  test('the console list on a phone: the table scrolls in its frame', async ({ page }) => {
    await signInAs(page, E2E_ADMIN, 'en');
    await page.goto('/admin/task-modes');
    await expect(page.getByTestId('task-modes-table')).toBeVisible();
    await expectNoSideScroll(page);
    await toastsGone(page);
    await page.screenshot({ path: 'e2e/screenshots/admin-task-modes-phone-en.png', fullPage: true, animations: 'disabled' });
  });

  test('the chat input on a phone: the mode select and then its chip fit beside the other controls', async ({ page }) => {
    await signInAs(page, E2E_MEMBER, 'en');
    const picker = page.getByTestId('task-mode-picker');
    await picker.selectOption({ label: 'Summarise' });
    await expect(page.getByTestId('task-mode-chip')).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ path: 'e2e/screenshots/chat-task-mode-phone-en.png', animations: 'disabled' });
    await setLanguage(page, 'ko');
    await expect(page.getByTestId('task-mode-chip')).toBeVisible();
    await expectNoSideScroll(page);
    await page.screenshot({ path: 'e2e/screenshots/chat-task-mode-phone-ko.png', animations: 'disabled' });
    await setLanguage(page, 'en');
  });
});

import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminApi, E2E_MEMBER, setFakeLlm, signInAs } from './fixtures';

// The privacy mode "mask" seen by a member (issue 26): the phone number they typed is masked in
// what is stored (and sent), and they are told; a restricted word is refused naming it.

async function adminPost(request: APIRequestContext, body: object) {
  await (await adminApi(request)).send('POST', '/admin/restricted-words/', body);
}

test.afterEach(async ({ request }) => {
  await setFakeLlm(null);
  await adminPost(request, { restricted_words: [], block_personal_info: false, mask_personal_info: false });
});

test('mask mode: the member is told, and the stored question has the number masked', async ({ page, request }) => {
  await adminPost(request, { restricted_words: [], block_personal_info: false, mask_personal_info: true });
  await setFakeLlm({ reply: 'Got it.', tokenDelayMs: 2 });
  await signInAs(page, E2E_MEMBER, 'en');
  await page.getByTestId('chat-input').fill('Please call me at 010-2345-6789 tomorrow');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-masked')).toContainText('phone number');
  await expect(page.getByTestId('answer-meta')).toBeVisible();
  // Masked on the screen at once, not only after a reload.
  const live = page.getByTestId('chat-message-user').last();
  await expect(live).toContainText('***-****-****');
  await expect(live).not.toContainText('2345-6789');
  await page.reload();
  const question = page.getByTestId('chat-message-user').last();
  await expect(question).toContainText('***-****-****');
  await expect(question).not.toContainText('2345-6789');
});

test('a restricted word is refused with the word named, in Korean too', async ({ page, request }) => {
  await adminPost(request, { restricted_words: ['프로젝트X'], block_personal_info: false, mask_personal_info: false });
  await signInAs(page, E2E_MEMBER, 'ko');
  await page.getByTestId('chat-input').fill('프로젝트 X 일정 알려줘');
  await page.getByTestId('chat-input').press('Enter');
  await expect(page.getByTestId('chat-error')).toContainText('금칙어가 포함되어 있습니다: 프로젝트X');
  // The question is given back to the input to edit.
  await expect(page.getByTestId('chat-input')).toHaveValue('프로젝트 X 일정 알려줘');
});

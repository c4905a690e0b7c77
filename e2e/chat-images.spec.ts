import { expect, type Page, test } from '@playwright/test';
import { shot, toastsGone } from './accounts';
import { accessToken, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, fakeLlmReceived, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

// Image generation in the chat (issue 27 item 2): the image model's chatbot answers with an image
// from the fake upstream's images API, shown with copy and download, kept after a reload; the
// upstream failing gives the §8 image generation message; the admin's credits area counts it.

async function imageChatbot(page: Page): Promise<number> {
  const token = await accessToken(page);
  const list = (await (await page.request.get('/api/chatbots/?include_default=true', { headers: { 'x-access-token': token } })).json()) as {
    items: Array<{ id: number; is_default: boolean; llm_model: { display_name: string } }>;
  };
  return list.items.find((b) => b.is_default && b.llm_model.display_name === 'fake-image')!.id;
}

test.afterEach(() => setFakeLlm(null));

test('an image model answers with an image: copy, download, open larger, kept after a reload; a failure says so', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, E2E_MEMBER, 'en');
  await page.goto(`/dashboard/chat/${await imageChatbot(page)}`);
  await expect(page.getByTestId('new-chat-intro')).toBeVisible();
  // The model picker marks the image model.
  await expect(page.getByTestId('model-picker').locator('option:checked')).toHaveText('fake-image — Image generation');
  // Its model info gives the cost per image.
  await page.getByTestId('model-info').click();
  await expect(page.getByTestId('model-info-panel')).toContainText('4 credits per image');
  await page.keyboard.press('Escape');

  // Slow enough to see the answer wait for its image.
  await setFakeLlm({ imageDelayMs: 1500 });
  await page.getByTestId('chat-input').fill('A yellow sun over a green hill');
  await page.getByTestId('chat-send').click();
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect(answer.getByTestId('answer-waiting')).toHaveText('Generating an image…');
  await expect(answer).toHaveAttribute('data-status', 'completed');
  await expect(answer.getByTestId('answer-image')).toHaveCount(1);
  // The image has loaded (its signed link served the PNG).
  await expect.poll(() => answer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // What the platform sent the images API.
  const sent = (await fakeLlmReceived()).filter((r) => 'prompt' in r);
  expect(sent.at(-1)).toMatchObject({ model: 'fake-image', prompt: 'A yellow sun over a green hill', n: 1, size: '1024x1024' });

  // Copy: the clipboard holds a PNG.
  await answer.getByTestId('answer-image-copy').click();
  await expect(page.getByTestId('image-copied')).toBeVisible();
  const types = await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((i) => [...i.types]));
  expect(types).toContain('image/png');
  // Download: the file under the image's name, a PNG.
  const [download] = await Promise.all([page.waitForEvent('download'), answer.getByTestId('answer-image-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^image-\d+-1\.png$/);
  const saved = await download.createReadStream();
  const head = await new Promise<Buffer>((resolve) => saved.once('data', (c) => resolve(c as Buffer)));
  expect(head.subarray(1, 4).toString()).toBe('PNG');

  // After a reload the history shows the image; it opens larger.
  await page.reload();
  const kept = page.getByTestId('chat-message-assistant').last();
  await expect(kept.getByTestId('answer-image')).toHaveCount(1);
  await kept.getByRole('button', { name: /Open .* larger/ }).click();
  await expect(page.getByTestId('answer-image-large')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('answer-image-large')).toBeHidden();
  // The focus went back to the image's button: the screenshots show the chat as it is read.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await shot(page, 'chat-image-generation', 'en', false);
  await setLanguage(page, 'ko');
  await expect(page.getByTestId('model-picker').locator('option:checked')).toHaveText('fake-image — 이미지 생성');
  await shot(page, 'chat-image-generation', 'ko', false);

  // The upstream failing: the §8 image generation message, the answer marked failed.
  await setLanguage(page, 'en');
  await setFakeLlm({ failStatus: 500 });
  await page.getByTestId('chat-input').fill('A storm at sea');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-error')).toContainText('Image generation failed. Please try again later.');
  await expect(page.getByTestId('chat-message-assistant').last()).toHaveAttribute('data-status', 'failed');
  // With its message showing.
  await page.screenshot({ path: 'e2e/screenshots/chat-image-generation-failed-desktop-en.png', animations: 'disabled' });
});

test("the admin's credits area lists the month's images by model", async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/credits');
  await page.getByTestId('credits-tab-usage').click();
  const table = page.getByTestId('image-usage');
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'fake-image' });
  // One image charged at 4 credits (the failed one costs nothing).
  await expect(row.getByRole('cell')).toHaveText(['fake-image', '1', '4']);
  await shot(page, 'admin-credits-images', 'en');
});

test('on a phone: the generated image fits the chat and opens larger', async ({ browser }) => {
  const context = await browser.newContext({ ...SIZES.phone });
  const page = await context.newPage();
  await signInAs(page, E2E_MEMBER, 'en');
  await page.goto(`/dashboard/chat/${await imageChatbot(page)}`);
  await page.getByTestId('chat-input').fill('A red kite over the sea');
  await page.getByTestId('chat-send').click();
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect(answer).toHaveAttribute('data-status', 'completed');
  await expect.poll(() => answer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The image stays within the phone's width.
  const box = (await answer.getByTestId('answer-image').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  for (const lang of ['en', 'ko'] as const) {
    await setLanguage(page, lang);
    await toastsGone(page);
    await expectNoSideScroll(page);
    await page.screenshot({ path: `e2e/screenshots/chat-image-generation-phone-${lang}.png`, animations: 'disabled' });
  }
  await answer.getByRole('button', { name: /larger|크게/ }).click();
  await expect(page.getByTestId('answer-image-large')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/chat-image-generation-large-phone-ko.png', animations: 'disabled' });
  await context.close();
});

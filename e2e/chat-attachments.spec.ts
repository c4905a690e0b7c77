import { expect, type Page, test } from '@playwright/test';
import { shot } from './accounts';
import { accessToken, E2E_MEMBER, expectNoSideScroll, fakeLlmReceived, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/** Drops files on the chat as a browser does: dragover, then drop, with a DataTransfer holding them. */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; text?: string; base64?: string }>) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = f.base64 ? Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)) : new TextEncoder().encode(f.text ?? '');
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, files);
  await page.dispatchEvent('[data-testid="chat-messages"]', 'dragover', { dataTransfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.dispatchEvent('[data-testid="chat-messages"]', 'drop', { dataTransfer });
}

async function chatbotByModel(page: Page, name: string): Promise<number> {
  const token = await accessToken(page);
  const list = (await (await page.request.get('/api/chatbots/?include_default=true', { headers: { 'x-access-token': token } })).json()) as {
    items: Array<{ id: number; is_default: boolean; llm_model: { display_name: string } }>;
  };
  return list.items.find((b) => b.is_default && b.llm_model.display_name === name)!.id;
}

test.afterEach(() => setFakeLlm(null));

test('a document and an image dropped on the chat upload with progress and reach the model; the question shows them', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  await page.goto(`/dashboard/chat/${await chatbotByModel(page, 'fake-model')}`);
  await expect(page.getByTestId('new-chat-intro')).toBeVisible();
  await dropFiles(page, [
    { name: 'menu.txt', type: 'text/plain', text: 'Tuesday special: kimchi stew with tofu and rice.' },
    { name: 'dot.png', type: 'image/png', base64: PNG },
  ]);
  await expect(page.getByTestId('attachment')).toHaveCount(2);
  await expect(page.getByTestId('attachment-count')).toHaveText('2 / 5 files');
  await expect(page.locator('[data-testid="attachment"][data-phase="ready"]')).toHaveCount(2);
  await shot(page, 'chat-attachments', 'en', false);
  await setFakeLlm({ reply: 'The special is kimchi stew.' });
  await page.getByTestId('chat-input').fill("What is Tuesday's special?");
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('The special is kimchi stew.');
  await expect(page.getByTestId('attachment')).toHaveCount(0);
  // The model received the document's text and the image.
  // (The session's title is asked for after the answer, as a request of its own: find the chat's.)
  // (Other requests may be the images API's, which have no messages.)
  const received = (await fakeLlmReceived()) as Array<{ messages?: Array<{ role: string; content: unknown }> }>;
  const sent = received.filter((r) => Array.isArray(r.messages?.at(-1)?.content)).at(-1)! as { messages: Array<{ role: string; content: unknown }> };
  expect(sent, 'the chat request with parts').toBeDefined();
  const parts = sent.messages.at(-1)!.content as Array<{ type: string; text?: string; image_url?: { url: string } }>;
  expect(parts[0]!.text).toContain('kimchi stew with tofu');
  expect(parts[1]!.image_url!.url).toMatch(/^data:image\/png;base64,/);
  // The question shows its files, and keeps them after a reload (from the history).
  await page.reload();
  await expect(page.getByTestId('message-image')).toHaveCount(1);
  await expect(page.getByTestId('message-file')).toContainText('menu.txt');
  await page.getByTestId('message-image').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'chat-files', 'en', false);
  await setLanguage(page, 'ko');
  await shot(page, 'chat-files', 'ko', false);
});

test("a chatbot's documents answer with a citation; web search shows numbered results", async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  const token = await accessToken(page);
  const headers = { 'x-access-token': token };
  const bot = (await (await page.request.post('/api/chatbots/', { headers })).json()) as { id: number };
  await page.request.patch(`/api/chatbots/${bot.id}/`, { headers, data: { en_name: 'Office guide', ko_name: '사무실 안내' } });
  const up = await page.request.post(`/api/chatbots/${bot.id}/documents/`, {
    headers,
    multipart: { files: { name: 'guide.md', mimeType: 'text/markdown', buffer: Buffer.from('# Parking\n\nVisitors park on level B2 for free for two hours.\n\n# Lunch\n\nThe canteen is open from noon to one.') } },
  });
  expect(up.ok(), await up.text()).toBe(true);
  // The document is read in the background.
  await expect.poll(async () => ((await (await page.request.get(`/api/chatbots/${bot.id}/`, { headers })).json()) as { documents: Array<{ status: string }> }).documents[0]?.status).toBe('parsed');

  await page.goto(`/dashboard/chat/${bot.id}`);
  await setFakeLlm({ reply: 'Visitors park on level B2 [1].', promptTokens: 2345 });
  await page.getByTestId('chat-input').fill('Where do visitors park?');
  await page.getByTestId('chat-send').click();
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect(answer).toContainText('level B2');
  await expect(answer.getByTestId('answer-source')).toHaveCount(1);
  await expect(answer.getByTestId('answer-sources')).toContainText('guide.md');
  // The excerpt shows on hover (the answer may still be settling under the pointer: hover until it opens).
  await expect(async () => {
    await page.mouse.move(0, 0);
    await answer.getByTestId('answer-source').first().hover();
    await expect(page.getByText('Visitors park on level B2 for free')).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  await shot(page, 'chat-citations', 'en', false);
  // The context indicator starts from the prompt the model was given as the upstream counted it
  // (the retrieved excerpt in it, which the page never shows), plus the answer: from the session's
  // history, read again here (a new chat's first answer may still show from its live turn).
  await page.reload();
  await expect(page.getByTestId('chat-message-assistant').last()).toContainText('level B2');
  await expect.poll(async () => Number(await page.getByTestId('context-usage').getAttribute('data-used'))).toBeGreaterThanOrEqual(2345);
  expect(Number(await page.getByTestId('context-usage').getAttribute('data-used'))).toBeLessThan(2345 + 50);

  // Web search on a default chatbot: the switch, then numbered web results under the answer.
  await page.goto(`/dashboard/chat/${await chatbotByModel(page, 'fake-model')}`);
  await page.getByTestId('web-search-toggle').check();
  await setFakeLlm({ reply: 'According to the results [1], it is new.' });
  await page.getByTestId('chat-input').fill('platform release notes');
  await page.getByTestId('chat-send').click();
  const searched = page.getByTestId('chat-message-assistant').last();
  await expect(searched).toContainText('According to the results');
  await expect(searched.getByTestId('answer-source').first()).toHaveAttribute('href', /^https:\/\//);
  await expect(searched.getByTestId('answer-source').first()).toHaveAttribute('target', '_blank');
  await page.reload();
  await expect(page.getByTestId('chat-message-assistant').last().getByTestId('answer-source').first()).toBeVisible();
  await shot(page, 'chat-web-search', 'en', false);
  await setLanguage(page, 'ko');
  await expect(page.getByTestId('answer-sources').last()).toContainText('출처');
  await shot(page, 'chat-web-search', 'ko', false);
});

test('an image for a model that cannot read images is refused on its chip, the whole reason readable; switched to such a model after attaching, the send is refused', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  // fake-model-2 has no vision (playwright.config.ts OPENAI_COMPATIBLE_VISION_MODELS).
  const plain = await chatbotByModel(page, 'fake-model-2');
  await page.goto(`/dashboard/chat/${plain}`);
  await expect(page.getByTestId('new-chat-intro')).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/files/') && uploads.push(r.url()));
  await dropFiles(page, [{ name: 'dot.png', type: 'image/png', base64: PNG }]);
  const chip = page.locator('[data-testid="attachment"][data-phase="failed"]');
  await expect(chip).toHaveCount(1);
  const reason = chip.getByTestId('attachment-error');
  await expect(reason).toHaveText('This model cannot read images. Choose a model that can, or remove the image.');
  // Read whole: not cut off by the chip.
  expect(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  expect(uploads).toHaveLength(0);
  await expect(page.getByTestId('attachment-count')).toHaveText('0 / 5 files');
  for (const lang of ['en', 'ko'] as const) {
    await setLanguage(page, lang);
    for (const size of ['desktop', 'phone'] as const) {
      await page.setViewportSize(SIZES[size].viewport);
      // The layout settles into the new width first.
      await expect(async () => expectNoSideScroll(page)).toPass({ timeout: 10_000 });
      await page.screenshot({ path: `e2e/screenshots/chat-image-refused-${size}-${lang}.png`, animations: 'disabled' });
    }
    await page.setViewportSize(SIZES.desktop.viewport);
  }
  await expect(chip.getByTestId('attachment-error')).toHaveText('이 모델은 이미지를 읽을 수 없습니다. 이미지를 읽을 수 있는 모델을 고르거나 이미지를 빼 주세요.');
  await setLanguage(page, 'en');
  // The question goes without it.
  await chip.getByTestId('attachment-remove').click();
  await expect(page.getByTestId('attachment')).toHaveCount(0);

  // Attached for a vision model, then the picker moved to one without: the server refuses before streaming.
  await page.goto(`/dashboard/chat/${await chatbotByModel(page, 'fake-model')}`);
  await dropFiles(page, [{ name: 'dot.png', type: 'image/png', base64: PNG }]);
  await expect(page.locator('[data-testid="attachment"][data-phase="ready"]')).toHaveCount(1);
  const picker = page.getByTestId('model-picker');
  await picker.selectOption({ label: 'fake-model-2' });
  await page.getByTestId('chat-input').fill('What is in this picture?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-error')).toHaveText('This model cannot read images. Choose a model that can, or remove the image.');
  // Nothing was answered; the question and its image stay in the input to change.
  await expect(page.getByTestId('chat-message-assistant')).toHaveCount(0);
  await expect(page.getByTestId('chat-input')).toHaveValue('What is in this picture?');
  await expect(page.getByTestId('attachment')).toHaveCount(1);
});

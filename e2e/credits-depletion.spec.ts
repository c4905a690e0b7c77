import { expect, test } from '@playwright/test';
import { shot } from './accounts';
import { accessToken, adminApi, E2E_MEMBER, setFakeLlm, setLanguage, signInAs } from './fixtures';

/**
 * Issue 24 item 2 on the real server: credits spent through real chats (the fake upstream reports
 * the prompt tokens that make an answer dear), the 80% card, depletion with the team plan's words,
 * New chat moving to the low-cost chatbot that still answers, and an administrator's raise that
 * lets the member chat again.
 */
test('a member reaches 80%, depletes, is moved to the low-cost chatbot, and chats again once the admin raises the limit', async ({ page, request }) => {
  const admin = await adminApi(request);
  const found = await admin.get<{ items: Array<{ id: number; email: string }> }>(`/admin/members/?search_term=${encodeURIComponent(E2E_MEMBER.email)}`);
  const memberId = found.items.find((m) => m.email === E2E_MEMBER.email)!.id;
  await signInAs(page, E2E_MEMBER, 'en');
  const token = await accessToken(page);
  const check = async () => (await (await request.get(`/api/members/${memberId}/credit-check/`, { headers: { 'x-access-token': token } })).json()) as { used_credit: number; remaining_credit: number };
  // 100 credits left over what is used: nothing to warn about yet.
  const used = (await check()).used_credit;
  await admin.send('PATCH', `/admin/members/${memberId}/`, { custom_credit_limit: used + 101 });
  try {
    const bots = (await (await request.get('/api/chatbots/?include_default=true', { headers: { 'x-access-token': token } })).json()) as {
      items: Array<{ id: number; llm_model: { display_name: string } }>;
    };
    const dear = bots.items.find((b) => b.llm_model.display_name === 'fake-model')!;
    const cheap = bots.items.find((b) => b.llm_model.display_name === 'fake-cheap')!;

    await page.goto(`/dashboard/chat/${dear.id}`);
    await expect(page.getByTestId('new-chat-intro')).toBeVisible();
    await expect(page.locator('[data-testid^="credit-warning-"]')).toHaveCount(0);
    // 550,000 prompt tokens at 1 credit per 10K: this answer costs 55 credits, over half of the budget.
    await setFakeLlm({ reply: 'A dear answer.', promptTokens: 550_000 });
    await page.getByTestId('chat-input').fill('Spend a lot');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('A dear answer.');
    await expect(page.getByTestId('credit-warning-half')).toContainText('50% of credits used');
    // 30 more: past 80%, and at this member's average cost less than one message is left.
    await setFakeLlm({ reply: 'Another dear answer.', promptTokens: 300_000 });
    await page.getByTestId('chat-input').fill('Spend some more');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Another dear answer.');
    await expect(page.getByTestId('credit-warning-almost')).toContainText('Credits almost depleted');
    await shot(page, 'credits-warning', 'en', false);

    // 300 more credits: the member's budget is spent.
    await setFakeLlm({ reply: 'The last dear answer.', promptTokens: 3_000_000 });
    await page.getByTestId('chat-input').fill('Spend the rest');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('The last dear answer.');
    await expect(page.getByTestId('credit-warning-depleted')).toContainText('team plan');
    // New chat now leads to the low-cost chatbot (spec §2).
    await expect(page.getByTestId('new-chat-link')).toHaveAttribute('href', `/dashboard/chat/${cheap.id}`);
    // The dear model refuses before streaming, in the team plan's words; the question stays in the box.
    await setFakeLlm({ reply: 'Cheap and cheerful.', promptTokens: null });
    await page.getByTestId('chat-input').fill('One more dear question');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-error')).toContainText('Unlimited models stay usable until the next recharge');
    await expect(page.getByTestId('chat-input')).toHaveValue('One more dear question');
    await shot(page, 'credits-depleted', 'en', false);
    // The card offers credits to buy: the purchase modal opens over the chat.
    await page.getByTestId('buy-credits').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByTestId('new-chat-link').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/chat/${cheap.id}$`));
    await page.getByTestId('chat-input').fill('Are you still there?');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Cheap and cheerful.');

    // Korean: the same cards in Korean.
    await page.goto(`/dashboard/chat/${dear.id}`);
    await setLanguage(page, 'ko');
    await expect(page.getByTestId('credit-warning-depleted')).toContainText('팀 플랜');
    await shot(page, 'credits-depleted', 'ko', false);
    await setLanguage(page, 'en');

    // The administrator lifts the member's limit: the dear model answers again.
    await admin.send('PATCH', `/admin/members/${memberId}/`, { custom_credit_limit: used + 10_000 });
    await page.reload();
    await expect(page.locator('[data-testid^="credit-warning-"]')).toHaveCount(0);
    await page.getByTestId('chat-input').fill('Back again');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Cheap and cheerful.');
  } finally {
    await setFakeLlm(null);
    await admin.send('PATCH', `/admin/members/${memberId}/`, { custom_credit_limit: null });
  }
});

import { expect, test } from '@playwright/test';
import { approvedMember, PASSWORD, shot, uniqueEmail } from './accounts';
import { accessToken, adminApi, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES } from './fixtures';

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

/**
 * Issue 24 item 6: the budget a member runs out of is their group's. Default groups' credits are
 * fixed (spec §5), so the member is put in an additional group whose member quota is larger than
 * the default group's (it budgets them, decision 044) and whose pool is small; the member spends
 * the pool, an administrator raises it in the console's credits area and the member chats again.
 * A member and a group of the test's own, so no other spec's budgets move.
 */
test('a member spends their group’s quota; the admin raises the group’s quota in the console and the member chats again', async ({ browser, request }) => {
  const admin = await adminApi(request);
  const run = Date.now().toString(36);
  const group = await admin.send<{ id: number }>('POST', '/admin/member-groups/', { ko_name: `소진팀 ${run}`, en_name: `Spent ${run}`, is_default: false, member_credit_quota: 100_000, credit_quota: 20 });
  const email = uniqueEmail('group-quota');
  const id = await approvedMember(request, admin, { email, name: 'Group Quota Member', fieldValue: 3 });
  await admin.send('PATCH', `/admin/members/${id}/`, { member_group_ids: [group.id] });

  const memberContext = await browser.newContext();
  const adminContext = await browser.newContext();
  try {
    const page = await memberContext.newPage();
    await signInAs(page, { email, password: PASSWORD }, 'en');
    const token = await accessToken(page);
    const bots = (await (await page.request.get('/api/chatbots/?include_default=true', { headers: { 'x-access-token': token } })).json()) as {
      items: Array<{ id: number; llm_model: { display_name: string } }>;
    };
    const dear = bots.items.find((b) => b.llm_model.display_name === 'fake-model')!;
    await page.goto(`/dashboard/chat/${dear.id}`);
    // 300,000 prompt tokens: 30 credits, past the group's pool of 20.
    await setFakeLlm({ reply: 'Over the group pool.', promptTokens: 300_000 });
    await page.getByTestId('chat-input').fill('Spend the group pool');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Over the group pool.');
    await expect(page.getByTestId('credit-warning-group-depleted')).toBeVisible();
    await setFakeLlm({ reply: 'Back on the dear model.', promptTokens: null });
    await page.getByTestId('chat-input').fill('Refused?');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-error')).toBeVisible();
    await shot(page, 'credits-group-depleted', 'en', false);

    // The administrator raises the group's pool in the credits area.
    const console = await adminContext.newPage();
    await signInAs(console, E2E_ADMIN, 'en');
    await console.goto('/admin/credits');
    await console.getByTestId('credits-tab-allocation').click();
    await console.getByTestId('group-quota-search').fill(`Spent ${run}`);
    const row = console.getByTestId(`group-quota-${group.id}`);
    await expect(row.getByTestId('group-pool-value')).toHaveText('20');
    await console.getByTestId(`group-quota-edit-${group.id}`).click();
    await console.getByTestId('group-pool').fill('5000');
    await shot(console, 'group-quota-form', 'en', false);
    await console.getByTestId('group-quota-save').click();
    await expect(row.getByTestId('group-pool-value')).toHaveText('5,000');
    // The form (its help says which group budgets a member) in Korean, on a desktop and a phone.
    await setLanguage(console, 'ko');
    await console.getByTestId(`group-quota-edit-${group.id}`).click();
    await expect(console.getByTestId('group-quota-form')).toContainText('가장 큰 한도');
    await shot(console, 'group-quota-form', 'ko', false);
    await console.keyboard.press('Escape');
    await expect(console.getByTestId('group-quota-form')).toBeHidden();
    await console.setViewportSize(SIZES.phone.viewport);
    await console.reload();
    await console.getByTestId('credits-tab-allocation').click();
    await console.getByTestId('group-quota-search').fill(`Spent ${run}`);
    await console.getByTestId(`group-quota-edit-${group.id}`).click();
    await expect(console.getByTestId('group-quota-form')).toBeVisible();
    await expectNoSideScroll(console);
    await console.screenshot({ path: 'e2e/screenshots/group-quota-form-phone-ko.png' });
    await console.keyboard.press('Escape');
    await console.setViewportSize(SIZES.desktop.viewport);
    await setLanguage(console, 'en');

    // The member's next message is answered by the dear model.
    await page.reload();
    await expect(page.locator('[data-testid^="credit-warning-"]')).toHaveCount(0);
    await page.getByTestId('chat-input').fill('Back again');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message-assistant').last()).toContainText('Back on the dear model.');
  } finally {
    await setFakeLlm(null);
    await memberContext.close();
    await adminContext.close();
  }
});

import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectAccessible as axe, toastsGone } from './accounts';
import { adminApi, type AdminApi, E2E_ADMIN, E2E_MEMBER, expectNoSideScroll, setFakeLlm, setLanguage, signInAs, SIZES, type SizeName } from './fixtures';

/**
 * Issue 21, the console's Groups area: groups created, refused for a taken name, renamed, given
 * quotas, deleted; a group's members; the model permission matrix — and a member whose group loses
 * a model no longer sees its chatbot and is refused when chatting with it.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const A = { ko: `연구팀 ${RUN}`, en: `Research ${RUN}` };
const B = { ko: `임시 ${RUN}`, en: `Temporary ${RUN}` };
const LAB = { ko: `실험실 ${RUN}`, en: `Lab ${RUN}` };
const SHOTS = { ko: `디자인팀 ${RUN}`, en: `Design ${RUN}` };

interface Group {
  id: number;
  ko_name: string;
  en_name: string;
  is_default: boolean;
}
interface Model {
  id: number;
  model_name: string;
  display_name: string;
}

const findGroup = async (api: AdminApi, en: string) => (await api.get<{ items: Group[] }>(`/admin/member-groups/?size=100&search_term=${encodeURIComponent(en)}`)).items.find((g) => g.en_name === en);

let api: AdminApi;
let member: { id: number; default_member_group_id: number; member_group_ids: number[] };
let defaultGroup: Group;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  api = await adminApi(request);
  const members = await api.get<{ items: Array<typeof member & { email: string }> }>(`/admin/members/?search_term=${encodeURIComponent(E2E_MEMBER.email)}`);
  const found = members.items.find((m) => m.email === E2E_MEMBER.email)!;
  member = { id: found.id, default_member_group_id: found.default_member_group_id, member_group_ids: found.member_group_ids.filter((g) => g !== found.default_member_group_id) };
  defaultGroup = (await api.get<{ items: Group[] }>('/admin/member-groups/?size=100')).items.find((g) => g.id === member.default_member_group_id)!;
});

// The seeded member goes back to their groups, and every model to every group, whatever happened above.
test.afterAll(async () => {
  await api.send('PATCH', `/admin/members/${member.id}/`, { default_member_group_id: member.default_member_group_id, member_group_ids: member.member_group_ids });
  const lab = await findGroup(api, LAB.en);
  if (lab) for (const m of (await api.get<{ items: Model[] }>('/admin/llm-models/')).items) await api.send('PATCH', `/admin/llm-models/${m.id}/member-groups/${lab.id}/`, { is_available: true });
  await setFakeLlm(null);
  await api.request.dispose();
});

async function openGroups(page: Page) {
  await page.goto('/admin/member-groups');
  await expect(page.getByRole('heading', { level: 2, name: 'Groups' })).toBeVisible();
  await expect(page.getByTestId('groups-table')).toBeVisible();
}

/** Narrows the list to one group by its English name (the search waits 300 ms before asking). */
async function rowOf(page: Page, en: string) {
  await page.getByTestId('groups-search').fill(en);
  const row = page.getByTestId('groups-table').getByRole('row').filter({ hasText: en });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('groups-table').getByRole('row')).toHaveCount(2);
  return row;
}

test('groups: create one, a taken name refused naming which, rename it and set its quotas, delete another; the default group stays', async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await openGroups(page);

  // Create A: an additional group with a per-member quota and a pool.
  await page.getByTestId('new-group').click();
  await expect(page.getByTestId('group-save')).toBeDisabled();
  await page.getByTestId('group-ko-name').fill(' ');
  await page.getByTestId('group-ko-name').blur();
  await expect(page.getByTestId('group-form').getByText('Enter a name of 1 to 100 characters.')).toBeVisible();
  await page.getByTestId('group-ko-name').fill(A.ko);
  await page.getByTestId('group-en-name').fill(A.en);
  await expect(page.getByTestId('group-kind-additional')).toBeChecked();
  await page.getByTestId('group-member-quota').fill('300');
  await page.getByTestId('group-has-pool').check();
  await page.getByTestId('group-pool').fill('5000');
  await page.getByTestId('group-save').click();
  await expect(page.getByText(`Group "${A.en}" created.`)).toBeVisible();
  await expect(page.getByTestId('group-form')).toHaveCount(0);
  const a = (await findGroup(api, A.en))!;
  let row = await rowOf(page, A.en);
  await expect(row).toContainText(A.ko);
  await expect(row).toContainText('Additional');
  await expect(page.getByTestId(`group-pool-${a.id}`)).toHaveText('5,000');
  await expect(page.getByTestId(`group-per-member-${a.id}`)).toHaveText('300');

  // The same English name, then the same Korean name: refused, on the field that is taken.
  await page.getByTestId('new-group').click();
  await page.getByTestId('group-ko-name').fill(B.ko);
  await page.getByTestId('group-en-name').fill(A.en);
  await page.getByTestId('group-save').click();
  const form = page.getByTestId('group-form');
  await expect(form.getByText('This English name already exists.')).toBeVisible();
  await expect(page.getByTestId('group-en-name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('group-ko-name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'This English name already exists.' })).toBeVisible();
  await page.getByTestId('group-ko-name').fill(A.ko);
  await page.getByTestId('group-en-name').fill(B.en);
  await page.getByTestId('group-save').click();
  await expect(form.getByText('This Korean name already exists.')).toBeVisible();
  await expect(page.getByTestId('group-ko-name')).toHaveAttribute('aria-invalid', 'true');
  // Fixed, it is created (B, to be deleted below).
  await page.getByTestId('group-ko-name').fill(B.ko);
  await page.getByTestId('group-save').click();
  await expect(page.getByText(`Group "${B.en}" created.`)).toBeVisible();
  const b = (await findGroup(api, B.en))!;

  // Rename A and change its quotas.
  row = await rowOf(page, A.en);
  await page.getByTestId(`edit-group-${a.id}`).click();
  await expect(page.getByTestId('group-en-name')).toHaveValue(A.en);
  await page.getByTestId('group-en-name').fill(`${A.en} Lab`);
  await page.getByTestId('group-member-quota').fill('500');
  await page.getByTestId('group-pool').fill('8000');
  await expectAccessible(page, 'the group form');
  await page.getByTestId('group-save').click();
  await expect(page.getByText(`Group "${A.en} Lab" saved.`)).toBeVisible();
  await expect(page.getByTestId(`group-row-${a.id}`)).toContainText(`${A.en} Lab`);
  await expect(page.getByTestId(`group-pool-${a.id}`)).toHaveText('8,000');
  await expect(page.getByTestId(`group-per-member-${a.id}`)).toHaveText('500');
  // The pool taken away again: "No pool".
  await page.getByTestId(`edit-group-${a.id}`).click();
  await page.getByTestId('group-has-pool').uncheck();
  await page.getByTestId('group-save').click();
  await expect(page.getByTestId(`group-pool-${a.id}`)).toHaveText('No pool');
  expect((await api.get<{ credit_quota: number | null; member_credit_quota: number }>(`/admin/member-groups/${a.id}/`))).toMatchObject({ credit_quota: null, member_credit_quota: 500 });

  // Delete B after a confirmation naming it.
  await rowOf(page, B.en);
  await page.getByTestId(`delete-group-${b.id}`).click();
  await expect(page.getByRole('dialog')).toContainText(`Delete the group "${B.en}"?`);
  await page.getByTestId('confirm-delete-group').click();
  await expect(page.getByText(`Group "${B.en}" deleted.`)).toBeVisible();
  await expect(page.getByTestId('groups-empty')).toContainText('No groups match your search.');

  // The default group: no delete, and its credits are locked in the form (its name is not).
  row = await rowOf(page, defaultGroup.en_name);
  await expect(row).toContainText('Default');
  await expect(page.getByTestId(`delete-group-${defaultGroup.id}`)).toBeDisabled();
  await expect(page.getByTestId(`delete-group-${defaultGroup.id}`).locator('xpath=..')).toHaveAttribute('title', 'A default group cannot be deleted.');
  await page.getByTestId(`edit-group-${defaultGroup.id}`).click();
  await expect(page.getByTestId('group-credits-locked')).toContainText('its credit settings cannot change');
  await expect(page.getByTestId('group-member-quota')).toBeDisabled();
  await expect(page.getByTestId('group-has-pool')).toBeDisabled();
  await expect(page.getByTestId('group-en-name')).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('group-form')).toHaveCount(0);
});

test("a group's members: taken out of an additional group, never out of their default group", async ({ page }) => {
  const a = (await findGroup(api, `${A.en} Lab`))!;
  await api.send('PATCH', `/admin/members/${member.id}/`, { member_group_ids: [...member.member_group_ids, a.id] });
  await signInAs(page, E2E_ADMIN, 'en');
  await openGroups(page);

  await rowOf(page, defaultGroup.en_name);
  await page.getByTestId(`group-members-${defaultGroup.id}`).click();
  const drawer = page.getByTestId('group-members');
  await expect(drawer.getByTestId(`group-member-${member.id}`)).toContainText(E2E_MEMBER.email);
  await expect(drawer.getByTestId(`group-member-${member.id}`)).toContainText('Default group');
  await expect(drawer.getByTestId(`remove-group-member-${member.id}`)).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  await rowOf(page, `${A.en} Lab`);
  await expect(page.getByTestId(`group-members-count-${a.id}`)).toHaveText(/^1 /);
  await page.getByTestId(`group-members-count-${a.id}`).click();
  await expect(drawer.getByTestId('group-members-total')).toHaveText('1 members');
  await expect(drawer.getByTestId(`group-member-${member.id}`)).toContainText('Additional group');
  await expectAccessible(page, "a group's members");
  await drawer.getByTestId(`remove-group-member-${member.id}`).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Remove from group' }).last()).toContainText(`Remove Demo Member (${E2E_MEMBER.email}) from ${A.en} Lab?`);
  await page.getByTestId('confirm-remove-group-member').click();
  await expect(page.getByText(`Demo Member was removed from ${A.en} Lab.`)).toBeVisible();
  await expect(drawer.getByTestId('group-members-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId(`group-members-count-${a.id}`)).toHaveText(/^0 /);
});

test('a model switched off for a group: its member no longer sees the chatbot and is refused when chatting with it', async ({ page, browser }) => {
  const models = (await api.get<{ items: Model[] }>('/admin/llm-models/')).items;
  const model = models.find((m) => m.model_name === 'fake-model-2')!;

  // The admin creates the group (a default group, so it can be the member's) in the console.
  await signInAs(page, E2E_ADMIN, 'en');
  await openGroups(page);
  await page.getByTestId('new-group').click();
  await page.getByTestId('group-ko-name').fill(LAB.ko);
  await page.getByTestId('group-en-name').fill(LAB.en);
  await page.getByTestId('group-kind-default').check();
  await page.getByTestId('group-save').click();
  await expect(page.getByText(`Group "${LAB.en}" created.`)).toBeVisible();
  const lab = (await findGroup(api, LAB.en))!;
  expect(lab.is_default).toBe(true);
  await api.send('PATCH', `/admin/members/${member.id}/`, { default_member_group_id: lab.id, member_group_ids: [] });

  // The member, signed in elsewhere, still has the model for now.
  const memberPage = await memberSignedIn(browser);
  const bot = await chatbotOf(memberPage, model.id);
  expect(bot, 'the chatbot of fake-model-2 is listed before the switch').toBeDefined();
  await memberPage.goto(`/dashboard/chat/${bot!.id}`);
  await expect(memberPage.getByTestId('model-picker').locator(`option[value="${model.id}"]`)).toBeEnabled();

  // The admin switches it off for the group in the matrix.
  await page.getByTestId('groups-tab-models').click();
  await expect(page).toHaveURL(/\/admin\/member-groups\/models$/);
  const cell = page.getByTestId(`access-${model.id}-${lab.id}`);
  await expect(cell).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().includes(`/llm-models/${model.id}/member-groups/${lab.id}/`) && r.request().method() === 'PATCH');
  await flip(cell);
  expect((await saved).status()).toBe(200);
  await expect(cell).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId(`access-${model.id}-${lab.id}`)).not.toBeChecked();

  // The member: the chatbot has left the list, the picker offers the model no more, and a chat with it is refused.
  expect(await chatbotOf(memberPage, model.id), 'the chatbot of fake-model-2 is no longer listed').toBeUndefined();
  await memberPage.reload();
  const option = memberPage.getByTestId('model-picker').locator(`option[value="${model.id}"]`);
  await expect(option).toBeDisabled();
  await expect(option).toContainText(model.display_name);
  await setFakeLlm({ reply: 'Should not be answered.', tokenDelayMs: 2 });
  await memberPage.getByTestId('chat-input').fill('Hello?');
  await memberPage.getByTestId('chat-send').click();
  await expect(memberPage.locator('.mantine-Notification-root').filter({ hasText: 'This model is not allowed for your group.' })).toBeVisible();
  await expect(memberPage.getByTestId('chat-message-assistant').filter({ hasText: 'Should not be answered.' })).toHaveCount(0);
  await memberPage.context().close();
});

test('unlimited models stay on; a refused switch goes back with a toast; the usage tab', async ({ page }) => {
  const models = (await api.get<{ items: Model[] }>('/admin/llm-models/')).items;
  const first = models.find((m) => m.model_name === 'fake-model')!;
  const second = models.find((m) => m.model_name === 'fake-model-2')!;
  // The fake upstream's models are not low-cost: the console is shown one as if it were (the API's own refusal is in its tests).
  await page.route('**/api/admin/llm-models/', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { items: Array<Model & { is_low_llm: boolean }> };
    await route.fulfill({ response: res, json: { items: body.items.map((m) => (m.id === first.id ? { ...m, is_low_llm: true } : m)) } });
  });
  // A switch the server refuses, a moment later.
  await page.route(`**/api/admin/llm-models/${second.id}/member-groups/${defaultGroup.id}/`, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.fulfill({ status: 400, json: { error: { code: 'unlimited_model_locked', message: 'Unlimited models cannot be disabled' } } });
  });
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/member-groups/models');
  await expect(page.getByTestId('models-matrix')).toBeVisible();

  const locked = page.getByTestId(`access-${first.id}-${defaultGroup.id}`);
  await expect(locked).toBeChecked();
  await expect(locked).toBeDisabled();
  await expect(page.getByTestId(`model-unlimited-${first.id}`)).toHaveText('Unlimited');
  await expect(locked.locator('xpath=ancestor::span[@title][1]')).toHaveAttribute('title', 'Unlimited (low-cost) models stay available to every group.');
  await expect(page.getByText('Unlimited (low-cost) models cannot be disabled')).toBeVisible();

  const refused = page.getByTestId(`access-${second.id}-${defaultGroup.id}`);
  await expect(refused).toBeChecked();
  await flip(refused);
  // Off at once, back on when the server says no.
  await expect(refused).not.toBeChecked();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: `Could not change ${second.display_name} for ${defaultGroup.en_name}.` })).toBeVisible();
  await expect(refused).toBeChecked();
  await expectAccessible(page, 'the model permission matrix');

  await page.getByTestId('groups-tab-usage').click();
  await expect(page).toHaveURL(/\/admin\/member-groups\/usage$/);
  await expect(page.getByTestId(`usage-row-${defaultGroup.id}`)).toBeVisible();
  await expect(page.getByTestId('usage-period')).toContainText('This month:');
  await expectAccessible(page, 'the credit usage per group');
});

/** A person clicks a switch's track (its label), which covers the hidden input. */
async function flip(sw: ReturnType<Page['getByTestId']>) {
  await sw.locator('xpath=ancestor::label[1]').click();
}

/** axe once the toasts have gone (Mantine's toast has no name for its close button; not this area's). */
async function expectAccessible(page: Page, what: string) {
  await toastsGone(page);
  await axe(page, what);
}

/** A second browser: the seeded member, signed in. */
async function memberSignedIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const p = await context.newPage();
  await signInAs(p, E2E_MEMBER, 'en');
  return p;
}

/** The member's dashboard chatbot list (as the page reads it), the default chatbot of a model. */
async function chatbotOf(p: Page, modelId: number) {
  const res = await p.request.post('/api/auth/refresh/', { data: {} });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const list = (await (await p.request.get('/api/chatbots/?include_default=true&size=30&order_by=id.asc', { headers: { 'x-access-token': token } })).json()) as {
    items: Array<{ id: number; is_default: boolean; llm_model: { id: number } }>;
  };
  return list.items.find((c) => c.is_default && c.llm_model.id === modelId);
}

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`${size} screenshots`, () => {
    test.use(SIZES[size]);

    test('groups list, group form, members, usage, model permissions', async ({ page }) => {
      if (!(await findGroup(api, SHOTS.en))) await api.send('POST', '/admin/member-groups/', { ko_name: SHOTS.ko, en_name: SHOTS.en, is_default: false, credit_quota: 20000, member_credit_quota: 1000 });
      const shots = (await findGroup(api, SHOTS.en))!;
      await signInAs(page, E2E_ADMIN, 'en');
      for (const lang of ['ko', 'en'] as const) {
        await setLanguage(page, lang);
        await page.goto('/admin/member-groups');
        await expect(page.getByTestId('groups-table')).toBeVisible();
        await shot(page, 'groups-list', size, lang);
        await page.getByTestId('groups-search').fill(SHOTS.en);
        await expect(page.getByTestId('groups-table').getByRole('row')).toHaveCount(2);
        await page.getByTestId(`edit-group-${shots.id}`).click();
        await expect(page.getByTestId('group-pool')).toBeVisible();
        await shot(page, 'groups-edit', size, lang);
        if (size === 'phone') await expectAccessible(page, 'the group form on a phone');
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('group-form')).toHaveCount(0);
        await page.getByTestId('groups-search').fill(defaultGroup.en_name);
        await page.getByTestId(`group-members-${defaultGroup.id}`).click();
        await expect(page.getByTestId('group-members-table')).toBeVisible();
        await shot(page, 'groups-members', size, lang);
        await page.keyboard.press('Escape');
        await page.goto('/admin/member-groups/usage');
        await expect(page.getByTestId('usage-table')).toBeVisible();
        await shot(page, 'groups-usage', size, lang);
        await page.goto('/admin/member-groups/models');
        await expect(page.getByTestId('models-matrix')).toBeVisible();
        await shot(page, 'groups-models', size, lang);
        if (size === 'phone') await expectAccessible(page, 'the model matrix on a phone');
      }
      await setLanguage(page, 'en');
    });
  });
}

async function shot(page: Page, screen: string, size: SizeName, lang: string) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSideScroll(page);
  await page.screenshot({ path: `e2e/screenshots/${screen}-${size}-${lang}.png`, animations: 'disabled' });
}

import { expect, test, type Page, type Route } from '@playwright/test';
import { accessToken, E2E_ADMIN, E2E_MEMBER, setLanguage, signInAs } from './fixtures';

const STORED = 'Offline demo — configure a provider';

/** The member's first chatbot and model, as the API answers them, turned into the offline demo's (the e2e server has a provider configured). */
async function asOfflineDemo(page: Page) {
  const rewrite = async (route: Route, change: (body: Record<string, unknown>) => void) => {
    const res = await route.fetch();
    const body = (await res.json()) as Record<string, unknown>;
    change(body);
    await route.fulfill({ response: res, json: body });
  };
  type Bot = { id: number; is_default: boolean; en_name: string; ko_name: string; en_key_features: string; ko_key_features: string; llm_model: { id: number; provider: string; display_name: string } };
  const offline = (bot: Bot) => {
    Object.assign(bot, { en_name: STORED, ko_name: STORED, en_key_features: `Chat directly with ${STORED}.`, ko_key_features: `${STORED} 모델과 바로 대화합니다.` });
    Object.assign(bot.llm_model, { provider: 'offline', display_name: STORED });
  };
  const token = await accessToken(page);
  const listed = (await (await page.request.get('/api/chatbots/?include_default=true&order_by=id.asc', { headers: { 'x-access-token': token } })).json()) as { items: Bot[] };
  const demo = listed.items.find((b) => b.is_default)!;
  await page.route(/\/api\/chatbots\/(\?.*)?$/, (route) =>
    rewrite(route, (body) => {
      for (const b of body.items as Bot[]) if (b.id === demo.id) offline(b);
    }),
  );
  await page.route(/\/api\/chatbots\/\d+\/$/, (route) => rewrite(route, (body) => (body.id === demo.id ? offline(body as unknown as Bot) : undefined)));
  await page.route(/\/api\/llm-models\/$/, (route) =>
    rewrite(route, (body) => {
      for (const m of body.items as { id: number; provider: string; display_name: string }[]) {
        if (m.id === demo.llm_model.id) Object.assign(m, { provider: 'offline', display_name: STORED });
      }
    }),
  );
}

test('the offline demo model is named from the catalogue in every language: header, intro, model picker', async ({ page }) => {
  await signInAs(page, E2E_MEMBER, 'en');
  await asOfflineDemo(page);
  const expected = { en: 'Offline demo', ko: '오프라인 데모', ja: 'オフラインデモ', zh: '离线演示', es: 'Demo sin conexión' };
  for (const [lang, name] of Object.entries(expected)) {
    if (lang === 'en' || lang === 'ko') await setLanguage(page, lang);
    else await page.getByTestId('language-switch').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.goto('/dashboard/chat');
    const intro = page.getByTestId('new-chat-intro');
    await expect(intro.getByRole('heading')).toHaveText(name);
    await expect(intro).not.toContainText(STORED);
    await expect(page.getByTestId('chat-title')).toHaveText(name);
    await expect(page.getByTestId('model-picker').locator('option:checked')).toHaveText(name);
    await expect(page.locator('body')).not.toContainText('configure a provider');
    if (lang === 'en' || lang === 'ko') await page.screenshot({ path: `e2e/screenshots/offline-demo-desktop-${lang}.png` });
  }
  await setLanguage(page, 'en');
});

test('an administrator is told how to configure a provider on the offline demo; a member is not', async ({ browser }) => {
  for (const who of [E2E_MEMBER, E2E_ADMIN]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signInAs(page, who, 'en');
      await asOfflineDemo(page);
      await page.goto('/dashboard/chat');
      const intro = page.getByTestId('new-chat-intro');
      await expect(intro.getByRole('heading')).toHaveText('Offline demo');
      if (who === E2E_ADMIN) await expect(page.getByTestId('offline-admin-hint')).toContainText('No model provider is configured');
      else await expect(page.getByTestId('offline-admin-hint')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText('configure a provider');
    } finally {
      await context.close();
    }
  }
});

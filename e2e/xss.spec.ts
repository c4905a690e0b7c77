import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { type AdminApi, adminApi, E2E_ADMIN, E2E_MEMBER, setFakeLlm, signInAs } from './fixtures';
import { type Payload, XSS_CORPUS } from './xss-corpus';

/**
 * Issue 22 §5: hostile texts (e2e/xss-corpus.ts) where members read what others wrote — chat
 * answers (the fake upstream says them), session titles (PATCH /sessions/{hash}/), announcements
 * (the admin API) and chatbot names (no API renames a chatbot yet, so the test rewrites the names
 * in the chatbot and model responses the page receives) — rendered in Chromium. Nothing may run
 * (`window.__xss` stays 0, no dialog), no request may leave for another host, and no link, frame
 * or form may carry a script URL. Everything runs twice: with the server's Content-Security-Policy
 * and with the browser ignoring it (`bypassCSP`), so the renderer itself is what is tested; with
 * the policy on, the page must not even trip it.
 */
test.describe.configure({ mode: 'serial' });
test.afterEach(() => setFakeLlm(null));

declare global {
  interface Window {
    __xss: number;
    __cspViolations: string[];
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** A request the page makes to anything but this machine (data: and blob: URLs are no request). */
function leavesMachine(url: string): boolean {
  const u = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(u.protocol)) return false;
  return !LOCAL_HOSTS.has(u.hostname);
}

interface Watch {
  external: string[];
  dialogs: string[];
}

/** Counts script that runs, dialogs, CSP violations and every request to another host (which is refused). */
async function watch(context: BrowserContext, page: Page): Promise<Watch> {
  const w: Watch = { external: [], dialogs: [] };
  await context.addInitScript(() => {
    window.__xss = 0;
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      // zod (the chat stream's event schemas) probes once whether it may compile validators with
      // `Function('')`; the policy says no and zod carries on without. That is the app's own
      // bundle, not a payload: anything a payload made run would also count in `__xss` with the
      // policy bypassed.
      const ownProbe = e.blockedURI === 'eval' && e.sourceFile.startsWith(`${location.origin}/assets/`);
      if (!ownProbe) window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('request', (r) => {
    if (leavesMachine(r.url())) w.external.push(r.url());
  });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (!leavesMachine(url)) return route.fallback();
    w.external.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('websocket', (ws) => {
    if (leavesMachine(ws.url())) w.external.push(ws.url());
  });
  page.on('dialog', (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return w;
}

/** What in the document could run or fetch: handler attributes, script URLs, frames, objects, base, refresh, foreign scripts and styles. */
function dangerousMarkup(): string[] {
  const found: string[] = [];
  // Browsers skip leading spaces and control characters before a scheme.
  // eslint-disable-next-line no-control-regex
  const scriptUrl = /^[\s\u0000-\u0020]*(javascript|vbscript|livescript):/i;
  const urlAttrs = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'srcdoc', 'srcset']);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}>`);
      if (!urlAttrs.has(name)) continue;
      if (scriptUrl.test(a.value)) found.push(`<${tag} ${name}="${a.value}">`);
      if (/^[\s]*data:/i.test(a.value) && !(tag === 'img' && /^data:image\//i.test(a.value.trim()))) found.push(`<${tag} ${name}="${a.value.slice(0, 40)}">`);
      if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
    }
    if (['iframe', 'frame', 'object', 'embed', 'base', 'applet', 'portal'].includes(tag)) found.push(`<${tag}>`);
    if (tag === 'meta' && el.hasAttribute('http-equiv')) found.push(`<meta http-equiv="${el.getAttribute('http-equiv')}">`);
    if (tag === 'script' && (!el.getAttribute('src') || new URL(el.getAttribute('src')!, location.href).origin !== location.origin)) found.push(`<script src="${el.getAttribute('src') ?? ''}">`);
    if (tag === 'link' && el.getAttribute('href') && new URL(el.getAttribute('href')!, location.href).origin !== location.origin) found.push(`<link href="${el.getAttribute('href')}">`);
    if (tag === 'style' && /evil\.example|@import/i.test(el.textContent ?? '')) found.push('<style> with a foreign URL');
    if (el instanceof HTMLElement && /url\(/i.test(el.style.cssText) && /evil\.example/i.test(el.style.cssText)) found.push(`<${tag} style=url(evil)>`);
  }
  for (const a of Array.from(document.links)) if (a.protocol === 'javascript:' || a.protocol === 'vbscript:') found.push(`link ${a.href}`);
  return found;
}

/** Nothing ran, asked another host, navigated away or left markup that could; `settle` first waits until the network is quiet. */
async function expectInert(page: Page, w: Watch, what: string, settle = true) {
  if (settle) await page.waitForLoadState('networkidle');
  const state = await page.evaluate(() => ({ xss: window.__xss, csp: window.__cspViolations }));
  expect(state.xss, `script ran: ${what}`).toBe(0);
  expect(w.dialogs, `dialogs: ${what}`).toEqual([]);
  expect(w.external, `requests to other hosts: ${what}`).toEqual([]);
  expect(state.csp, `the page tripped the CSP (it should not even try): ${what}`).toEqual([]);
  expect(new URL(page.url()).hostname, `navigated away: ${what}`).toBe('localhost');
  expect(await page.evaluate(dangerousMarkup), `dangerous markup: ${what}`).toEqual([]);
}

/** A payload as a title: one that the server trims to nothing is given a visible prefix. */
const asTitle = (p: Payload) => (p.text.trim() ? p.text : `title ${p.name}`);

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/sign-in/', { data: who });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Probe {
  payload: Payload;
  hash: string;
}

let api: AdminApi;
let request: APIRequestContext;
let headers: { 'x-access-token': string };
let botId: number;
const probes: Probe[] = [];
/** Sessions the tests start besides the probes, removed at the end too. */
const otherSessions: string[] = [];
const announcements: number[] = [];
let dashboardAnnouncement: number;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  request = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  api = await adminApi(request);
  headers = { 'x-access-token': await tokenOf(request, E2E_MEMBER) };
  const bots = (await (await request.get('/api/chatbots/?include_default=true&order_by=id.asc', { headers })).json()) as { items: Array<{ id: number; is_default: boolean }> };
  botId = bots.items.find((b) => b.is_default)!.id;

  // One session per payload: the payload is its answer and its title.
  for (const [i, payload] of XSS_CORPUS.entries()) {
    await setFakeLlm({ reply: payload.text, tokenDelayMs: 0 });
    const res = await request.post(`/api/chatbots/${botId}/chat/`, { headers, data: { text: `xss probe ${i}` } });
    expect(res.status(), payload.name).toBe(200);
    await res.body();
    const hash = (JSON.parse(res.headers()['x-chat-meta']!) as { session_hash_id: string }).session_hash_id;
    const renamed = await request.patch(`/api/sessions/${hash}/`, { headers, data: { title: asTitle(payload) } });
    expect(renamed.status(), `${payload.name}: ${await renamed.text()}`).toBe(200);
    probes.push({ payload, hash });
  }
  await setFakeLlm(null);

  const created = await api.send<{ id: number }>('POST', '/admin/announcements/', { title: 'xss probe', content: 'xss probe', location: 'dashboard', is_active: true });
  dashboardAnnouncement = created.id;
  announcements.push(created.id);
});

test.afterAll(async () => {
  for (const hash of [...probes.map((p) => p.hash), ...otherSessions]) await request.delete(`/api/sessions/${hash}/`, { headers });
  for (const id of announcements) await api.send('DELETE', `/admin/announcements/${id}/`);
  await request.dispose();
});

/** The chatbot (and model) names the page receives, replaced by `name()` — what a chatbot named so would show. */
async function renameChatbots(page: Page, name: () => string) {
  type Bot = { ko_name: string; en_name: string; ko_key_features: string; en_key_features: string; llm_model: { display_name: string } };
  const rename = (b: Bot) => {
    b.ko_name = b.en_name = name();
    b.ko_key_features = b.en_key_features = name();
    b.llm_model.display_name = name();
  };
  await page.route(/\/api\/chatbots\/(\d+\/)?(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const res = await route.fetch();
    const body = (await res.json()) as Bot | { items: Bot[] };
    if ('items' in body) body.items.forEach(rename);
    else rename(body);
    return route.fulfill({ response: res, json: body });
  });
  await page.route(/\/api\/llm-models\/(\?.*)?$/, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { items: Array<{ display_name: string }> };
    for (const m of body.items) m.display_name = name();
    return route.fulfill({ response: res, json: body });
  });
}

const corpusText = XSS_CORPUS.map((p) => p.text).join('\n\n');

for (const csp of ['enforced', 'bypassed'] as const) {
  test.describe(`Content-Security-Policy ${csp}`, () => {
    test.use({ bypassCSP: csp === 'bypassed' });

    test('every payload as a session title in My sessions, page after page', async ({ context, page }) => {
      const w = await watch(context, page);
      await signInAs(page, E2E_MEMBER, 'en');
      const list = page.getByTestId('session-list');
      for (const { payload, hash } of probes) {
        const row = list.getByTestId(`session-row-${hash}`);
        await expect(async () => {
          if (!(await row.isVisible())) await list.locator('.mantine-ScrollArea-viewport').evaluate((el) => el.scrollTo(0, el.scrollHeight));
          await expect(row).toBeVisible({ timeout: 1000 });
        }, payload.name).toPass();
        await expect(row, payload.name).toContainText(asTitle(payload).trim().slice(0, 20));
      }
      await expectInert(page, w, 'every title in My sessions');
    });

    test('the whole corpus in one streamed answer, and again from the history', async ({ context, page }) => {
      const w = await watch(context, page);
      await setFakeLlm({ reply: corpusText, tokenDelayMs: 0 });
      await signInAs(page, E2E_MEMBER, 'en');
      await page.getByTestId('chat-input').fill('Say everything');
      await page.getByTestId('chat-send').click();
      const answer = page.getByTestId('chat-message-assistant').last();
      await expect(answer).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      await expect(answer).toContainText('%3Cscript%3E');
      await expectInert(page, w, 'streamed corpus');
      // A link whose script URL was taken out is text, not a link to nowhere.
      await expect(answer.locator('a:not([href]), a[href=""]')).toHaveCount(0);
      await expect(answer).toContainText('markdown link');
      // Images are offered, not fetched.
      await expect(answer.getByTestId('load-image').first()).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/chat\/\d+\/[\w-]+$/);
      const hash = page.url().split('/').pop()!;
      otherSessions.push(hash);
      await page.reload();
      await expect(page.getByTestId('chat-message-assistant').last()).toContainText('%3Cscript%3E');
      await expectInert(page, w, 'corpus from the history');
    });

    test('the corpus in the sign-in page announcement and on the admin announcements page', async ({ browser, context, page }) => {
      const w = await watch(context, page);
      const auth = await api.send<{ id: number }>('POST', '/admin/announcements/', { title: asTitle(XSS_CORPUS[0]!), content: corpusText, location: 'auth', is_active: true });
      announcements.push(auth.id);
      await api.send('PATCH', `/admin/announcements/${dashboardAnnouncement}/`, { title: asTitle(XSS_CORPUS[2]!), content: corpusText });
      try {
        await page.goto('/auth');
        await expect(page.getByTestId('announcement-banner-auth').locator('.markdown-body')).toBeVisible();
        await expectInert(page, w, 'sign-in page announcement');

        // The admin reads them too: summary cards, the table, and the form's preview.
        const adminContext = await browser.newContext({ bypassCSP: csp === 'bypassed' });
        const admin = await adminContext.newPage();
        const aw = await watch(adminContext, admin);
        await signInAs(admin, E2E_ADMIN, 'en');
        await admin.goto('/admin/announcements');
        await expect(admin.getByTestId('summary-auth-title')).toHaveText(asTitle(XSS_CORPUS[0]!));
        await expect(admin.getByTestId(`announcement-row-${dashboardAnnouncement}`)).toBeVisible();
        await expectInert(admin, aw, 'admin announcements page');
        await admin.getByTestId('summary-dashboard-edit').click();
        await admin.getByTestId('announcement-preview-tab').click();
        await expect(admin.getByTestId('announcement-form').locator('.markdown-body')).toBeVisible();
        await expectInert(admin, aw, 'announcement form preview');
        await adminContext.close();
      } finally {
        await api.send('DELETE', `/admin/announcements/${auth.id}/`);
        announcements.splice(announcements.indexOf(auth.id), 1);
      }
    });
  });
}

// One page per payload is the slow part, so it runs once: with the policy bypassed, where only the
// app stands between a payload and the browser. With the policy on, the tests above show the page
// does not trip it with the whole corpus at once.
test.describe('Content-Security-Policy bypassed', () => {
  test.use({ bypassCSP: true });

  test(`${XSS_CORPUS.length} payloads, one session page each, as answer and session title; all of them as the chatbot's name`, async ({ context, page }) => {
    test.setTimeout(600_000);
    const w = await watch(context, page);
    // A chatbot's name is plain text, where one payload cannot hide another: the whole corpus at once.
    const allNames = XSS_CORPUS.map(asTitle).join(' ');
    await renameChatbots(page, () => allNames);
    await signInAs(page, E2E_MEMBER, 'en');
    await page.getByTestId('new-chat-link').click();
    await expect(page.getByTestId('new-chat-intro')).toContainText(asTitle(XSS_CORPUS[0]!).trim().slice(0, 20));
    await expectInert(page, w, 'the corpus as a chatbot name');
    // Session after session inside the app (a client-side navigation, as a member clicking
    // through My sessions): the answer from the saved history and the title in the header, one
    // payload per page. The announcements are covered with the whole corpus above.
    for (const { payload, hash } of probes) {
      await page.evaluate((url) => {
        window.history.pushState({}, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/dashboard/chat/${botId}/${hash}`);
      const answer = page.getByTestId('chat-message-assistant');
      await expect(page.getByTestId('chat-title'), payload.name).toHaveText(asTitle(payload).trim());
      await expect(answer, payload.name).toHaveAttribute('data-status', 'completed');
      // Attached, not visible: a payload can render to nothing (an image with a script URL).
      await expect(answer.locator('.markdown-body'), payload.name).toBeAttached();
      await expectInert(page, w, `${payload.name} in a session`, false);
    }
    await expectInert(page, w, 'the last session');
  });
});

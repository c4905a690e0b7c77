/**
 * Schema fuzzing of every route of the OpenAPI document (issue 22 item 3). Each operation gets
 * invalid and boundary inputs in its path, query and body (wrong types, missing fields, huge
 * strings, 10,000 levels of nesting, NUL bytes, invalid UTF-8, odd numbers, unknown fields,
 * unreadable JSON, empty bodies, wrong content types, over-long path parameters) plus a seeded
 * fast-check share, as the admin of a tenant and, for a share, without a token. A 5xx, or a 4xx
 * whose body is not exactly `{ error: { code, message, details? } }` with a catalogue code of that
 * status, fails. New routes are covered as soon as they are in the document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { baseUrlOf, streamChat } from './chat-client';
import { type Category, casesFor, categories, type FuzzCase, type Fixtures, type Operation, operationsOf, randomCases } from './fuzz/cases';
import { errorShapeProblem } from './fuzz/error-shape';
import { typeOf } from './fuzz/json-schema';
import { buildTestApp, type TestApp } from './test-app';

/** Fixed so a failure reproduces; each operation's share is seeded from it and the operation's name. */
const SEED = 20_261_125;
const RANDOM_RUNS = 12;
/** Every n-th case is also sent without a token. */
const UNAUTHENTICATED_EVERY = 4;
const OPERATOR_KEY = 'fuzz-operator-key-0123456789';

let fake: FakeLlm;
let t: TestApp;
let token: string;
let fixtures: Fixtures;
let baseUrl: string;

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { tokenDelayMs: 0, reply: 'ok' } });
  // With an operator key: the operator routes are fuzzed with it (decision 040).
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { operatorApiKey: OPERATOR_KEY } });
  token = await t.signIn(t.a, t.a.admin.email);
  const get = (url: string) => t.call(t.a, token, { method: 'GET', url }).then((r) => r.json() as { items: { id: number }[] });
  const botId = (await get('/api/chatbots/?include_default=true')).items[0]!.id;
  const modelId = (await get('/api/admin/llm-models/')).items[0]!.id;
  // A session of the admin's, so session routes reach their queries.
  const sessionHash = (await streamChat(t, t.a, token, botId, { text: 'fuzz session' })).meta!.session_hash_id;
  baseUrl = await baseUrlOf(t);
  fixtures = {
    pathParam(op, p) {
      if (p.name === 'hash' && op.path.startsWith('/api/sessions/')) return sessionHash;
      if (op.path.startsWith('/api/members/{id}')) return String(t.a.admin.id);
      if (op.path.startsWith('/api/admin/members/{id}') || p.name === 'member_id') return String(t.a.other.id);
      if (op.path.startsWith('/api/chatbots/{id}')) return String(botId);
      if (p.name === 'model') return String(modelId);
      if (p.name === 'group' || op.path.startsWith('/api/admin/member-groups/{id}')) return String(t.a.defaultGroupId);
      // The operator changes (and disables) tenant B: the fuzz runs in tenant A.
      if (op.path.startsWith('/api/operator/tenants/{id}')) return String(t.b.id);
      return typeOf(p.schema) === 'string' ? 'fuzz' : '1';
    },
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Routes that end the caller's session or delete rows run last, so the others meet a live token and their fixtures. */
const destructive = (op: Operation) => op.method === 'DELETE' || /delete|sign-out|change-password/.test(op.path);

const seedOf = (op: Operation) => [...`${op.method} ${op.path}`].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, SEED);

/** The first error event of a chat stream, as `stream error <code>`. */
function streamErrorOf(body: string): string | null {
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ')) continue;
    const event = JSON.parse(line.slice(6)) as { type: string; code?: string };
    if (event.type === 'error') return `stream error ${event.code}`;
  }
  return null;
}

/**
 * Streaming routes over real HTTP: a hijacked event stream never completes under `inject`. (fetch
 * adds `text/plain` to a body sent without a content type; everything else goes as given.)
 */
async function overHttp(c: FuzzCase, headers: Record<string, string>) {
  // fetch refuses a body on GET (a reattach stream); such a body means nothing to the route anyway.
  const body = c.method === 'GET' || c.method === 'HEAD' ? undefined : typeof c.payload === 'string' || c.payload === undefined ? c.payload : new Uint8Array(c.payload);
  const res = await fetch(`${baseUrl}${c.url}`, { method: c.method, headers, body, signal: AbortSignal.timeout(30_000) });
  return { statusCode: res.status, headers: { 'content-type': res.headers.get('content-type') ?? undefined }, body: await res.text() };
}

interface Failure {
  op: string;
  category: Category;
  label: string;
  auth: boolean;
  status: number;
  problem: string;
  body: string;
}

describe('schema fuzzing of every route', () => {
  it('answers every invalid input with a 4xx in the error shape, never a 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = operationsOf(doc);
    ops.sort((x, y) => Number(destructive(x)) - Number(destructive(y)));
    expect(ops.length).toBeGreaterThan(50);

    const stats = Object.fromEntries(categories.map((c) => [c, { sent: 0, fiveXx: 0, malformed: 0 }])) as Record<Category, { sent: number; fiveXx: number; malformed: number }>;
    const failures: Failure[] = [];
    let reSignIns = 0;
    const started = Date.now();
    const slowest: [string, number][] = [];
    const byStatus = new Map<number, number>();
    let streams = 0;

    const send = async (op: Operation, c: FuzzCase, auth: boolean) => {
      // The operator API's credential is its key, sent instead of the member's token.
      const credential: Record<string, string> = op.path.startsWith('/api/operator/') ? { 'x-operator-key': OPERATOR_KEY } : { 'x-access-token': token };
      const headers = { 'x-tenant-subdomain': t.a.subdomain, ...(auth ? credential : {}), ...(c.contentType ? { 'content-type': c.contentType } : {}) };
      const res = op.streams ? await overHttp(c, headers) : await t.app.inject({ method: c.method as 'GET', url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
      const s = stats[c.category];
      s.sent += 1;
      if (auth) byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      let problem: string | null = null;
      const isStream = String(res.headers['content-type']).startsWith('text/event-stream');
      if (isStream) streams += 1;
      const streamError = isStream ? streamErrorOf(res.body) : null;
      if (res.statusCode >= 500 || streamError) {
        // A chat answers 200 and streams; a failure after that is an error event, the stream's 5xx.
        s.fiveXx += 1;
        problem = streamError ?? '5xx';
      } else if (res.statusCode >= 400) {
        problem = errorShapeProblem(res.statusCode, res.headers['content-type'] as string | undefined, res.body, op.path.startsWith('/v1/') ? 'openai' : 'platform');
        if (problem) s.malformed += 1;
      }
      if (problem) failures.push({ op: `${op.method} ${op.path}`, category: c.category, label: c.label, auth, status: res.statusCode, problem, body: res.body.slice(0, 300) });
    };

    for (const op of ops) {
      const opStarted = Date.now();
      const cases = [...casesFor(op, fixtures), ...randomCases(op, fixtures, seedOf(op), RANDOM_RUNS)];
      for (const [i, c] of cases.entries()) {
        await send(op, c, true);
        if (i % UNAUTHENTICATED_EVERY === 0) await send(op, c, false);
      }
      // A case may have signed the admin out or changed the account: start the next route with a live token.
      // An operator case may have disabled tenant A (a boundary id such as 1 is its id): enable it again.
      if (op.path.startsWith('/api/operator/')) await t.database.owner.execute('update tenants set disabled_at = null where disabled_at is not null');
      await t.settle();
      const probe = await t.app.inject({ method: 'GET', url: `/api/members/${t.a.admin.id}/`, headers: { 'x-tenant-subdomain': t.a.subdomain, 'x-access-token': token } });
      if (probe.statusCode !== 200) {
        token = await t.signIn(t.a, t.a.admin.email);
        reSignIns += 1;
      }
      slowest.push([`${op.method} ${op.path} (${cases.length} cases)`, Date.now() - opStarted]);
    }
    slowest.sort((x, y) => y[1] - x[1]);

    const total = Object.values(stats).reduce((n, s) => n + s.sent, 0);
    const fiveXx = Object.values(stats).reduce((n, s) => n + s.fiveXx, 0);
    console.log(
      [
        `fuzz: ${ops.length} operations, ${total} requests, ${fiveXx} 5xx, ${failures.length - fiveXx} malformed 4xx, ${streams} chat streams read, ${reSignIns} re-sign-ins, ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
        ...categories.map((c) => `  ${c.padEnd(16)} ${String(stats[c].sent).padStart(6)} sent ${String(stats[c].fiveXx).padStart(4)} 5xx ${String(stats[c].malformed).padStart(4)} malformed`),
        `  statuses (with a token): ${[...byStatus.entries()]
          .sort((x, y) => x[0] - y[0])
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}`,
        `  slowest: ${slowest
          .slice(0, 5)
          .map(([op, ms]) => `${op} ${ms} ms`)
          .join('; ')}`,
      ].join('\n'),
    );
    // The fixtures let the admin's requests reach the handlers: valid-enough inputs succeed.
    expect([...byStatus.entries()].filter(([status]) => status < 300).reduce((n, [, k]) => n + k, 0)).toBeGreaterThan(200);
    // One line per distinct failure (route, category, place, status, problem), with its first example.
    const distinct = new Map<string, Failure>();
    for (const f of failures) {
      const key = `${f.op} ${f.category} ${f.label.split(' = ')[0]} ${f.status} ${f.problem}`;
      if (!distinct.has(key)) distinct.set(key, f);
    }
    expect([...distinct.values()].map((f) => `${f.op} [${f.category}${f.auth ? '' : ', no token'}] ${f.label} → ${f.status} (${f.problem}) ${f.body}`)).toEqual([]);
  }, 300_000);
});

/**
 * A local search provider for tests, e2e and demos, speaking three dialects on one loopback port:
 * SearXNG (`GET /search?q=…&format=json`), Tavily (`POST /search` with a bearer key) and Brave
 * (`GET /res/v1/web/search?q=…` with `X-Subscription-Token`). It can also serve result pages
 * (`GET /pages/{n}`) for page-reading tests. It records the queries it receives.
 * Run standalone: `tsx tools/fake-search/server.ts --port 4012 --record`.
 * Control at run time: `POST /control` with a partial Scenario as JSON (empty body resets);
 * `GET /requests` gives the requests received since the last reset. `delayMs` makes a slow provider;
 * `cancelled` lists the requests whose client hung up before the answer (a search stopped midway).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface FakeResult {
  title: string;
  url: string;
  snippet: string;
  score?: number;
}

export interface Scenario {
  /** The results of every query; null = made from the query (with a duplicate, to test de-duplication). */
  results: FakeResult[] | null;
  /** Answer with this HTTP status instead of results. */
  failStatus: number | null;
  /** Answer with this text instead of JSON (a broken provider). */
  rawBody: string | null;
  /** The API key Tavily and Brave requests must carry (401 otherwise); null = any. */
  apiKey: string | null;
  /** Delay before answering, ms. */
  delayMs: number;
}

export const defaultScenario: Scenario = { results: null, failStatus: null, rawBody: null, apiKey: null, delayMs: 0 };

export interface ReceivedSearch {
  provider: 'searxng' | 'tavily' | 'brave' | 'page';
  query: string;
  /** The key the request carried (bearer token or subscription token), or null. */
  key: string | null;
  /** The requested count (Tavily `max_results`, Brave `count`), if any. */
  count: number | null;
  path: string;
}

export interface FakeSearch {
  /** Base URL: SearXNG's `WEB_SEARCH_URL`; Tavily at `${url}/search`, Brave at `${url}/res/v1/web/search`. */
  url: string;
  port: number;
  server: Server;
  scenario: Scenario;
  requests: ReceivedSearch[];
  /** Requests the client gave up on before the answer was sent (a stopped search): path and time. */
  cancelled: Array<{ path: string; at: number }>;
  set(s: Partial<Scenario>): void;
  reset(): void;
  close(): Promise<void>;
}

/** Results made from the query: five pages, the second twice (tracking parameter, fragment). */
export function resultsFor(query: string, pageBase = 'https://example.org'): FakeResult[] {
  return [
    { title: `${query} — overview`, url: `${pageBase}/pages/1`, snippet: `An overview of ${query} with the main facts.`, score: 0.9 },
    { title: `${query} explained`, url: `${pageBase}/pages/2?utm_source=search`, snippet: `A short explanation of ${query}.`, score: 0.8 },
    { title: `${query} explained (copy)`, url: `${pageBase}/pages/2#section`, snippet: `A longer explanation of ${query}, found twice by the engines.`, score: 0.5 },
    { title: 'Unrelated page', url: 'https://unrelated.example.net/', snippet: 'Nothing to do with the question.', score: 0.4 },
    { title: `More about ${query}`, url: 'https://another.example.com/more', snippet: `Further reading on ${query}.`, score: 0.3 },
  ];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

export async function startFakeSearch(opts: { port?: number; host?: string; scenario?: Partial<Scenario>; recordRequests?: boolean } = {}): Promise<FakeSearch> {
  const record = opts.recordRequests ?? true;
  const fake: FakeSearch = {
    url: '',
    port: 0,
    server: undefined as unknown as Server,
    scenario: { ...defaultScenario, ...opts.scenario },
    requests: [],
    cancelled: [],
    set(s) {
      Object.assign(fake.scenario, s);
    },
    reset() {
      fake.scenario = { ...defaultScenario, ...opts.scenario };
      fake.requests = [];
      fake.cancelled = [];
    },
    close: () =>
      new Promise((resolve) => {
        fake.server.closeAllConnections();
        fake.server.close(() => resolve());
      }),
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function answer(res: ServerResponse, provider: ReceivedSearch['provider'], query: string, key: string | null, build: (results: FakeResult[]) => unknown) {
    const s = fake.scenario;
    await sleep(s.delayMs);
    if (provider !== 'searxng' && s.apiKey !== null && key !== s.apiKey) return json(res, 401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
    if (s.failStatus) return json(res, s.failStatus, { error: 'fake search failure' });
    if (s.rawBody !== null) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(s.rawBody);
    }
    json(res, 200, build(s.results ?? resultsFor(query)));
  }

  fake.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const note = (r: ReceivedSearch) => {
      if (record) fake.requests.push(r);
    };
    const fail = () => res.destroy();
    res.on('close', () => {
      if (!res.writableEnded) fake.cancelled.push({ path: url.pathname, at: Date.now() });
    });
    if (req.method === 'GET' && url.pathname === '/search') {
      const query = url.searchParams.get('q') ?? '';
      note({ provider: 'searxng', query, key: null, count: null, path: url.pathname });
      // A SearXNG instance without the json format enabled answers 403.
      if (url.searchParams.get('format') !== 'json') return json(res, 403, { error: 'format not allowed' });
      answer(res, 'searxng', query, null, (results) => ({
        query,
        number_of_results: results.length,
        results: results.map((r, i) => ({ title: r.title, url: r.url, content: r.snippet, engine: 'fake', engines: ['fake'], positions: [i + 1], score: r.score ?? 1, category: 'general' })),
        answers: [],
        suggestions: [],
        unresponsive_engines: [],
      })).catch(fail);
    } else if (req.method === 'POST' && url.pathname === '/search') {
      readBody(req)
        .then((raw) => {
          const body = JSON.parse(raw || '{}') as { query?: string; max_results?: number };
          const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '') || null;
          const query = String(body.query ?? '');
          note({ provider: 'tavily', query, key, count: body.max_results ?? null, path: url.pathname });
          return answer(res, 'tavily', query, key, (results) => ({
            query,
            answer: null,
            images: [],
            results: results.map((r) => ({ title: r.title, url: r.url, content: r.snippet, score: r.score ?? 0.5, raw_content: null })),
            response_time: 0.01,
          }));
        })
        .catch(fail);
    } else if (req.method === 'GET' && url.pathname === '/res/v1/web/search') {
      const query = url.searchParams.get('q') ?? '';
      const key = (req.headers['x-subscription-token'] as string | undefined) ?? null;
      note({ provider: 'brave', query, key, count: Number(url.searchParams.get('count')) || null, path: url.pathname });
      answer(res, 'brave', query, key, (results) => ({
        type: 'search',
        query: { original: query },
        web: { type: 'search', results: results.map((r) => ({ title: r.title, url: r.url, description: r.snippet.replace(/(\S+)$/, '<strong>$1</strong>'), type: 'search_result' })) },
      })).catch(fail);
    } else if (req.method === 'GET' && url.pathname.startsWith('/pages/')) {
      const n = url.pathname.slice('/pages/'.length);
      note({ provider: 'page', query: '', key: null, count: null, path: url.pathname });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html><head><title>Page ${n}</title><script>var tracking = 1;</script><style>p{}</style></head><body><nav>Home | About</nav>` +
          `<main><h1>Page ${n}</h1><p>The full text of page ${n}: everything a reader needs, in more words than the search snippet had.</p><p>A second paragraph of page ${n}.</p></main>` +
          `<footer>Copyright</footer></body></html>`,
      );
    } else if (req.method === 'POST' && url.pathname === '/control') {
      readBody(req).then((b) => {
        if (b) fake.set(JSON.parse(b) as Partial<Scenario>);
        else fake.reset();
        json(res, 200, fake.scenario);
      }, fail);
    } else if (req.method === 'GET' && url.pathname === '/requests') {
      json(res, 200, fake.requests);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => fake.server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  fake.port = (fake.server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${fake.port}`;
  return fake;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakeSearch({
    port: Number(arg('port') ?? 4012),
    recordRequests: process.argv.includes('--record'),
    scenario: { ...(arg('delay') ? { delayMs: Number(arg('delay')) } : {}), ...(arg('api-key') ? { apiKey: arg('api-key')! } : {}) },
  });
  console.log(`fake-search listening on ${fake.url} (SearXNG: ${fake.url}, Tavily: ${fake.url}/search, Brave: ${fake.url}/res/v1/web/search)`);
}

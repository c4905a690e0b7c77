/**
 * The platform as a child process for benchmarks: PGlite in a temporary folder on disk (in memory
 * with --memory; a PostgreSQL server with --database-url), the
 * OpenAI-compatible provider pointed at --upstream, one tenant with a member whose quota never
 * runs out. Prints one JSON line {port, subdomain, token, chatbotId, pid} when ready. On a server the
 * tenant has a name of its own per run and is deleted again on SIGTERM.
 *
 * Several instances (bench/chat-overhead.ts --instances): the first makes the tenant; the others
 * get `--join <subdomain>` and the same `--jwt-secret` and `--redis-url`, and sign in to it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { tenants } from '../apps/api/src/db/schema/index';
import { catalogFor } from '../apps/api/src/llm/catalog';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service';
import { tuneGarbageCollection } from '../apps/api/src/platform/gc-tuning';
import { startTracing } from '../apps/api/src/platform/tracing';
import { testConfig } from '../apps/api/src/test/test-app';

// As apps/api/src/main.ts does: the benchmarked process runs with the platform's own settings.
tuneGarbageCollection();
const { values } = parseArgs({
  options: {
    upstream: { type: 'string' },
    'database-url': { type: 'string' },
    memory: { type: 'boolean', default: false },
    'redis-url': { type: 'string' },
    'jwt-secret': { type: 'string' },
    join: { type: 'string' },
  },
});
if (!values.upstream) throw new Error('--upstream is required');
const providers = { openaiCompatible: { baseUrl: values.upstream, models: ['fake-model'] } };
const base = testConfig(providers);
// Metrics and traces as an operator switches them on (decision 052): BENCH_METRICS=1 (a token, the
// endpoint, every recording), BENCH_OTLP_ENDPOINT=<url> (spans exported there).
const metrics = process.env.BENCH_METRICS === '1' ? { token: randomBytes(24).toString('hex'), perTenant: false } : null;
await startTracing({ endpoint: process.env.BENCH_OTLP_ENDPOINT || null, serviceName: 'chatbot-api-bench' });
const config = { ...base, logLevel: 'warn', redisUrl: values['redis-url'] ?? null, jwtSecret: values['jwt-secret'] ?? base.jwtSecret, metrics };
// PGlite in a fresh folder on disk, as `npm start` runs it (DATA_DIR), unless --memory.
const dataDir = values.memory ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
const database = await openDatabase(values['database-url'] ? { kind: 'postgres', url: values['database-url'] } : { kind: 'pglite', dataDir });
const cleanUp = () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
};
const built = await buildApp(config, { database });
const password = 'Bench-passw0rd!';
const subdomain = values.join ?? `bench-${randomBytes(4).toString('hex')}`;
const created = values.join
  ? null
  : await createTenant(
      database.owner,
      { subdomain, koName: '벤치', enName: 'Bench', memberCreditQuota: 1e9, accounts: [{ email: 'bench@bench.test', password, name: 'Bench', isAdmin: false }] },
      catalogFor(providers),
    );
built.app.server.maxConnections = 100_000;
built.app.server.keepAliveTimeout = 120_000;
await built.app.listen({ port: 0, host: '127.0.0.1' });
const address = built.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const headers = { 'content-type': 'application/json', 'x-tenant-subdomain': subdomain };
const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/`, { method: 'POST', headers, body: JSON.stringify({ email: 'bench@bench.test', password }) });
const { access_token: token } = (await signIn.json()) as { access_token: string };
const bots = (await (await fetch(`http://127.0.0.1:${port}/api/chatbots/?include_default=true`, { headers: { ...headers, 'x-access-token': token } })).json()) as { items: Array<{ id: number; hash_id: string }> };
// A developer API key for the same member (bench/chat-overhead.ts --api).
const key = values.join
  ? { secret: '' }
  : ((await (await fetch(`http://127.0.0.1:${port}/api/apikeys/`, { method: 'POST', headers: { ...headers, 'x-access-token': token }, body: JSON.stringify({ name: 'bench' }) })).json()) as { secret: string });
console.log(JSON.stringify({ port, subdomain, token, chatbotId: bots.items[0]!.id, chatbotHash: bots.items[0]!.hash_id, apiKey: key.secret, pid: process.pid }));
process.on('SIGTERM', () => {
  const dropTenant = values['database-url'] && created ? database.owner.delete(tenants).where(eq(tenants.id, created.tenant.id)).then(() => undefined) : Promise.resolve();
  void dropTenant
    .catch((err: Error) => console.error(`bench: could not delete tenant ${subdomain}: ${err.message}`))
    .finally(() => {
      cleanUp();
      process.exit(0);
    });
});
process.on('exit', cleanUp);
// `kill -USR2 <pid>` prints the memory breakdown (heap vs buffers) to stderr.
process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
  console.error(`memory: rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} external ${mb(m.external)} arrayBuffers ${mb(m.arrayBuffers)}`);
});

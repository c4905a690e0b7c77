/**
 * Account enumeration by timing: sign-in must take the same time whether or not the email
 * exists. Times --requests sign-ins of each kind through the real app (inject, PGlite), the kinds
 * interleaved so that they share every second of the machine: a known email with a wrong
 * password, an unknown email, a known email with the right password. Prints p50 / p90 per kind
 * and the unknown-vs-known difference (target: within the noise, a few percent).
 *
 *   npx tsx bench/sign-in-timing.ts [--requests 100]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { catalogFor } from '../apps/api/src/llm/catalog';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service';
import { testConfig } from '../apps/api/src/test/test-app';
import { percentile } from './lib';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '100' } } });
const REQUESTS = Number(values.requests);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-sign-in-'));
const database = await openDatabase({ kind: 'pglite', dataDir });
const built = await buildApp({ ...testConfig({}), logLevel: 'warn' }, { database });
const password = 'Bench-passw0rd!';
try {
  await createTenant(
    database.owner,
    { subdomain: 'timing', koName: '타이밍', enName: 'Timing', memberCreditQuota: 1000, accounts: [{ email: 'known@timing.bench', password, name: 'Known', isAdmin: false }] },
    catalogFor({}),
  );
  const kinds: Array<[string, (i: number) => { email: string; password: string }, number]> = [
    ['known email, wrong password', () => ({ email: 'known@timing.bench', password: 'Wrong-passw0rd!' }), 401],
    ['unknown email', (i) => ({ email: `nobody${i}@timing.bench`, password: 'Wrong-passw0rd!' }), 401],
    ['known email, right password', () => ({ email: 'known@timing.bench', password }), 200],
  ];
  const times = kinds.map(() => [] as number[]);
  for (let i = -10; i < REQUESTS; i += 1) {
    for (const [k, [label, body, status]] of kinds.entries()) {
      const start = performance.now();
      const res = await built.app.inject({ method: 'POST', url: '/api/auth/sign-in/', headers: { 'x-tenant-subdomain': 'timing' }, payload: body(i) });
      const ms = performance.now() - start;
      if (res.statusCode !== status) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      if (i >= 0) times[k]!.push(ms);
    }
  }
  console.log(`sign-in-timing: ${REQUESTS} sign-ins of each kind, interleaved, PGlite`);
  const p50s: number[] = [];
  for (const [k, [label]] of kinds.entries()) {
    const sorted = times[k]!.sort((a, b) => a - b);
    p50s.push(percentile(sorted, 50));
    console.log(`  ${label.padEnd(30)} p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p90 ${percentile(sorted, 90).toFixed(1).padStart(6)} ms`);
  }
  console.log(`  unknown vs known (wrong password): ${(((p50s[1]! - p50s[0]!) / p50s[0]!) * 100).toFixed(1)} % at p50`);
} finally {
  await built.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

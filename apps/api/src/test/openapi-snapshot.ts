import { writeFileSync } from 'node:fs';
import { buildTestApp } from './test-app';

/**
 * Writes the OpenAPI document, keys sorted, to the file named on the command line:
 * `npx tsx apps/api/src/test/openapi-snapshot.ts /tmp/before.json`. Moving routes onto the
 * contracts' endpoint tables (decision 054) must leave it unchanged: diff a snapshot taken
 * before with one taken after.
 */
const sorted = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, sorted(x)])) : v;

const out = process.argv[2];
if (!out) throw new Error('usage: openapi-snapshot.ts <file>');
const t = await buildTestApp();
const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
writeFileSync(out, `${JSON.stringify(sorted(res.json()), null, 1)}\n`);
await t.close();
console.log(`${out}: ${Object.keys(res.json().paths).length} paths`);
process.exit(0);

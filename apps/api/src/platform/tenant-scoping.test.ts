import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The tenancy rule as a check on the source: every exported data-access function in a
// `*.repo.ts` (and in what an owner declares for other modules: `*.statements.ts`,
// `*.readonly.ts`; decision 055) takes `(db, tenantId, …)` — there is no query path without a
// tenant. The only tenant-less repository is the tenants table itself.
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../modules');
const EXEMPT = new Set(['tenants.repo.ts']);

function repoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return repoFiles(p);
    return /\.(repo|statements|readonly)\.ts$/.test(e.name) && !EXEMPT.has(e.name) ? [p] : [];
  });
}

describe('tenant scoping of repositories', () => {
  const files = repoFiles(modules);
  it('finds the repositories', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });
  for (const file of files) {
    it(`${path.relative(modules, file)}: every exported function takes (db, tenantId, …)`, () => {
      const src = readFileSync(file, 'utf8');
      const signatures = [...src.matchAll(/export (?:async )?function (\w+)\(([^)]*)\)/g)];
      if (file.endsWith('.repo.ts')) expect(signatures.length).toBeGreaterThan(0);
      for (const [, name, params] of signatures) {
        const names = params!.split(',').map((p) => p.trim().split(/[:\s]/)[0]);
        // Start-up maintenance and the task queue's claim serve every tenant by design.
        if (name === 'findInterruptedStreams' || name === 'claimNextTask' || name === 'failInterruptedTasks') continue;
        // Profile images are served by their global, unguessable hash to <img> tags that send no tenant header.
        if (name === 'findImageByHash') continue;
        // Developer API keys are found by their secret's hash: the `/v1` caller sends no tenant.
        if (name === 'findKeyByHash') continue;
        // Background jobs that serve every tenant (the owner's connection, by name): due renewals, expired and unparsed files.
        if ((name === 'findDueMemberships' || name === 'expiredFiles' || name === 'unparsedFiles') && names[0] === 'owner') continue;
        // A read-only view's builder (decision 055) takes the name the view is joined under; it runs nothing.
        if (/View$/.test(name!)) continue;
        // Row mappers touch no database.
        if (/^to[A-Z]/.test(name!)) continue;
        // SQL fragment builders (…Sql) and statement builders (…Call, …Part: a statement to run
        // with others in one unit) are scoped the same way: tenantId first.
        if (/(Sql|Call|Part)$/.test(name!)) {
          expect([name, names[0]]).toEqual([name, 'tenantId']);
          continue;
        }
        expect([name, names[0], names[1]]).toEqual([name, expect.stringMatching(/^(db|tx)$/), 'tenantId']);
      }
    });
  }
});

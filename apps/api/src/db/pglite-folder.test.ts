import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { tenants } from './schema/index';

// The embedded database in a folder on disk, as `npm start` runs it: a new folder is created and
// migrated by a worker of its own, then opened again by the worker that serves (pglite-remote.ts).
const dir = mkdtempSync(path.join(tmpdir(), 'pglite-folder-'));
const dataDir = path.join(dir, 'pglite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite in a folder', () => {
  it('creates and migrates a new folder, then serves from it; a second start keeps the data', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.db.insert(tenants).values({ subdomain: 'folder', koName: '폴더', enName: 'Folder' });
    expect(await first.db.select({ subdomain: tenants.subdomain }).from(tenants)).toEqual([{ subdomain: 'folder' }]);
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await second.db.select({ subdomain: tenants.subdomain }).from(tenants)).toEqual([{ subdomain: 'folder' }]);
    await second.close();
  });
});

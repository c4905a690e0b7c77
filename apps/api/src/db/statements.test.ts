import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/test-app';
import { type Database, statement } from './client';
import { tenants } from './schema/index';

// Named statements (decision 012) on the database the suite runs on: PGlite on its worker thread,
// or the PostgreSQL server with TEST_DATABASE_URL.
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(() => drop());

const DIVIDE = statement('test_divide', 'select 100 / $1::int as v, $2::text as label');
const COUNT_TENANTS = statement('test_count_tenants', 'select count(*)::int as n from tenants where subdomain = $1');
const BROKEN = statement('test_broken', 'selec 1');

describe('named statements', () => {
  it('return rows with their types, the same on every call', async () => {
    expect(await database.raw(DIVIDE, [4, 'a'])).toEqual([{ v: 25, label: 'a' }]);
    expect(await database.raw(DIVIDE, [5, null])).toEqual([{ v: 20, label: null }]);
  });

  it('fail with the database error and keep working afterwards', async () => {
    const fresh = statement('test_divide_fresh', 'select 100 / $1::int as v');
    // The first call both prepares and fails at run time.
    await expect(database.raw(fresh, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await database.raw(fresh, [10])).toEqual([{ v: 10 }]);
    await expect(database.raw(DIVIDE, [0, 'x'])).rejects.toMatchObject({ code: '22012' });
    expect(await database.raw(DIVIDE, [50, 'x'])).toEqual([{ v: 2, label: 'x' }]);
  });

  it('report a statement that does not parse, every time, without breaking the connection', async () => {
    await expect(database.raw(BROKEN, [])).rejects.toMatchObject({ code: '42601' });
    await expect(database.raw(BROKEN, [])).rejects.toMatchObject({ code: '42601' });
    expect(await database.raw(DIVIDE, [1, 'ok'])).toEqual([{ v: 100, label: 'ok' }]);
  });

  it('never run inside another open transaction', async () => {
    let counted: Promise<Array<{ n: number }>> | undefined;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(tenants).values({ subdomain: 'tx-probe', koName: '프로브', enName: 'Probe' });
        counted = database.raw<{ n: number }>(COUNT_TENANTS, ['tx-probe']);
        await new Promise((r) => setTimeout(r, 50));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Had it joined the transaction it would have seen the uncommitted row.
    expect(await counted).toEqual([{ n: 0 }]);
  });

  it('refuse a name already given to another text', () => {
    expect(() => statement('test_divide', 'select 1')).toThrow(/already used/);
    expect(statement('test_divide', 'select 100 / $1::int as v, $2::text as label')).toEqual(DIVIDE);
  });
});

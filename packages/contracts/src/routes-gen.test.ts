import { describe, expect, it } from 'vitest';
import { currentRoutes, renderRoutes } from './routes-gen';

describe('the web route table (routes/*.gen.ts, route-tables.gen.ts)', () => {
  it('is the endpoint tables as they are now (run `npm run gen:routes` after changing an endpoint)', async () => {
    const next = await renderRoutes();
    const now = currentRoutes();
    expect([...now.keys()].sort()).toEqual([...next.keys()].sort());
    for (const [file, text] of next) expect(now.get(file), file).toBe(text);
  });
});

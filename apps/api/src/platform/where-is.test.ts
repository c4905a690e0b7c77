import { describe, expect, it } from 'vitest';
import { currentWhereIs, renderWhereIs } from '../../../../scripts/where-is';

describe('docs/where-is.md', () => {
  it('is the map of screens, endpoints, modules and tables as the code is now (run `npx tsx scripts/where-is.ts` when it is not)', () => {
    expect(currentWhereIs(), 'docs/where-is.md is stale: run `npx tsx scripts/where-is.ts` and commit it').toBe(renderWhereIs());
  });
});

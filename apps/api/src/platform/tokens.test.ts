import { describe, expect, it } from 'vitest';
import { newHashId } from './tokens';

describe('newHashId', () => {
  it('gives url-safe ids of the asked length that do not repeat across pool refills', () => {
    const seen = new Set<string>();
    // 16 bytes each: 2,000 ids span several 4 KB pools.
    for (let i = 0; i < 2000; i++) {
      const id = newHashId(16);
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(2000);
    expect(newHashId()).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(newHashId(5000)).toHaveLength(Math.ceil((5000 * 4) / 3));
  });
});

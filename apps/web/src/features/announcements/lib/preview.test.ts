import { describe, expect, it } from 'vitest';
import { CARD_PREVIEW, preview, TABLE_PREVIEW } from './preview';

describe('announcement previews', () => {
  it('cuts the card preview at 160 and the table preview at 240 characters', () => {
    const long = 'a'.repeat(500);
    expect(preview(long, CARD_PREVIEW)).toBe(`${'a'.repeat(160)}…`);
    expect(preview(long, TABLE_PREVIEW)).toBe(`${'a'.repeat(240)}…`);
    expect(preview('short', CARD_PREVIEW)).toBe('short');
  });
  it('drops markdown markup', () => {
    expect(preview('# Title\n\n**Bold** and [a link](http://x) ![img](http://y)', 100)).toBe('Title Bold and a link img');
    expect(preview('- one\n- two-three *em* 2-4 am', 100)).toBe('one two-three em 2-4 am');
  });
});

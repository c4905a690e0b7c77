import { categoryBody } from '@app/contracts/categories';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAME_MAX, categoryNameError } from './category-form';

describe('categoryNameError', () => {
  it('wants a name once trimmed, up to the contract’s limit', () => {
    expect(categoryNameError('   ')).toBe('required');
    expect(categoryNameError(' Writing ')).toBeNull();
    expect(categoryNameError('x'.repeat(CATEGORY_NAME_MAX))).toBeNull();
    expect(categoryNameError('x'.repeat(CATEGORY_NAME_MAX + 1))).toBe('tooLong');
  });

  it('agrees with the contract', () => {
    for (const v of ['', ' ', 'a', 'x'.repeat(50), 'x'.repeat(51)]) {
      expect(categoryNameError(v) === null).toBe(categoryBody.safeParse({ ko_name: v, en_name: 'ok' }).success);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { filterWords, normaliseWord, privacyFlags, privacyModeOf, splitPasted, summarisePaste, wordProblem } from './words';

describe('normaliseWord', () => {
  it('folds width, case, spacing and zero-width characters like the server', () => {
    expect(normaliseWord('ＢＡＤ')).toBe('bad');
    expect(normaliseWord('B a-d')).toBe('bad');
    expect(normaliseWord('ba\u200bd')).toBe('bad');
    expect(normaliseWord('비 속 어')).toBe('비속어');
  });
});

describe('wordProblem', () => {
  it('refuses a duplicate in another width or case, empty and long words', () => {
    expect(wordProblem('ＢＡＤ', ['bad'])).toBe('duplicate');
    expect(wordProblem('  ', [])).toBe('empty');
    expect(wordProblem('x'.repeat(101), [])).toBe('tooLong');
    expect(wordProblem('good', ['bad'])).toBeNull();
  });
});

describe('pasting', () => {
  it('splits lines and commas', () => {
    expect(splitPasted('a, b\n\nc\r\nd，e')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
  it('counts new words and skips duplicates, also within the paste', () => {
    const s = summarisePaste('foo\nBAR, ｆｏｏ\nbaz\nbaz', ['bar']);
    expect(s.added).toEqual(['foo', 'baz']);
    expect(s.duplicates).toEqual(['BAR', 'ｆｏｏ', 'baz']);
  });
});

describe('filterWords', () => {
  it('matches the normalised text', () => {
    expect(filterWords(['Bad word', 'other'], 'ＢＡＤＷ')).toEqual(['Bad word']);
    expect(filterWords(['a', 'b'], ' ')).toEqual(['a', 'b']);
  });
});

describe('privacy mode', () => {
  it('maps to the flags and back, never both', () => {
    expect(privacyFlags('mask')).toEqual({ block_personal_info: false, mask_personal_info: true });
    expect(privacyModeOf(privacyFlags('block'))).toBe('block');
    expect(privacyModeOf(privacyFlags('off'))).toBe('off');
  });
});

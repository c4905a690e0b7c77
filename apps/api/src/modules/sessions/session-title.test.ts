import { describe, expect, it } from 'vitest';
import { cleanTitle } from './session-title';

describe('a model reply made a title', () => {
  it('drops markdown anywhere in the line, quotes and a closing period', () => {
    expect(cleanTitle('The **quick** brown fox jumps.')).toBe('The quick brown fox jumps');
    expect(cleanTitle('# "Use `npm start`"\nmore')).toBe('Use npm start');
    expect(cleanTitle('제목: __서울__ 여행 계획')).toBe('서울 여행 계획');
  });
});

import { describe, expect, it } from 'vitest';
import { splitBlocks } from './split-blocks';

describe('splitBlocks', () => {
  it('splits paragraphs at blank lines', () => {
    expect(splitBlocks('one\ntwo\n\nthree\n\n\nfour')).toEqual(['one\ntwo', 'three', 'four']);
  });
  it('keeps a code fence with blank lines as one block', () => {
    const md = 'intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nafter';
    expect(splitBlocks(md)).toEqual(['intro', '```js\nconst a = 1;\n\nconst b = 2;\n```', 'after']);
  });
  it('an unclosed fence (still streaming) stays one trailing block', () => {
    expect(splitBlocks('a\n\n```\nx\n\ny')).toEqual(['a', '```\nx\n\ny']);
  });
  it('handles tilde fences and empty input', () => {
    expect(splitBlocks('~~~\n\n~~~')).toEqual(['~~~\n\n~~~']);
    expect(splitBlocks('')).toEqual([]);
  });
});

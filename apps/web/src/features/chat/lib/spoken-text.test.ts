import { describe, expect, it } from 'vitest';
import { spokenText } from './spoken-text';

describe('spoken text of an answer', () => {
  it('drops markdown marks and keeps the words', () => {
    expect(spokenText('# Title\n\nThe **quick** _brown_ fox.\n\n- one\n- two\n\n> quoted `code`')).toBe('Title The quick brown fox. one two quoted code');
    expect(spokenText('See [the docs](https://x.test/a) and ![a cat](http://x.test/cat.png).')).toBe('See the docs and a cat.');
    expect(spokenText('```js\nconst answer = 42;\n```')).toBe('const answer = 42;');
    expect(spokenText('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('a b 1 2');
  });
  it('cuts a long answer with an ellipsis', () => {
    const spoken = spokenText('word '.repeat(500), 50);
    expect(spoken.length).toBeLessThanOrEqual(50);
    expect(spoken.endsWith('…')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { compileRestrictedWords, isDuplicateWord, normaliseWord } from './restricted-words.rules';

const terms = (words: string[], text: string) => compileRestrictedWords(words).find(text).map((h) => h.term);

describe('restricted words: normalisation', () => {
  it('NFKC, case, spacing, punctuation and zero-width characters are ignored', () => {
    for (const text of ['bad', 'BAD', 'Bad', 'b a d', 'b.a.d', 'b-a-d', 'b_a_d', 'ＢＡＤ', 'ｂａｄ', 'b\u200bad', 'b\u200c\u200da\u2060d', 'b\u00adad', 'b̷a̷d̷', 'B A D!']) {
      expect(terms(['bad'], text), text).toEqual(['bad']);
    }
  });
  it('Korean syllables likewise, also decomposed jamo and spacing', () => {
    for (const text of ['바보', '바 보', '바.보', '바\u200b보', '\u1107\u1161\u1107\u1169', '너 바보야', '바보를 봤다']) {
      expect(terms(['바보'], text), text).toEqual(['바보']);
    }
  });
  it('normaliseWord is the duplicate key (spec §5: "ＢＡＤ" and "bad" are one word)', () => {
    expect(normaliseWord('ＢＡＤ')).toBe('bad');
    expect(normaliseWord(' B a d ')).toBe('bad');
    expect(normaliseWord('ﬁsh')).toBe('fish');
    expect(normaliseWord('바 보')).toBe('바보');
    expect(normaliseWord('?!')).toBe('');
    expect(isDuplicateWord('ＢＡＤ', ['good', 'bad'])).toBe(true);
    expect(isDuplicateWord('badge', ['bad'])).toBe(false);
    expect(isDuplicateWord('   ', [''])).toBe(false);
  });
  it('duplicates and empty words are compiled once; the first spelling is reported', () => {
    const m = compileRestrictedWords(['Bad', 'bad', 'ＢＡＤ', '', '!!!']);
    expect(m.size).toBe(1);
    expect(m.find('so bad')).toEqual([{ term: 'Bad', occurrences: [{ start: 3, end: 6 }] }]);
  });
});

describe('restricted words: boundaries', () => {
  it('a Latin word is not found inside a longer word', () => {
    for (const text of ['badge', 'abad', 'badly', 'Scunthorpe', 'bad\u200bge', 'class', 'passage']) {
      expect(terms(['bad', 'cunt', 'ass'], text), text).toEqual([]);
    }
  });
  it('a Latin word is found at word edges, next to punctuation, digits apart, or Korean', () => {
    expect(terms(['bad'], 'not bad.')).toEqual(['bad']);
    expect(terms(['bad'], '(bad)')).toEqual(['bad']);
    expect(terms(['bad'], 'bad는 안 돼요')).toEqual(['bad']);
    expect(terms(['bad'], '이건bad')).toEqual(['bad']);
    expect(terms(['bad'], "bad's")).toEqual(['bad']);
  });
  it('spacing inside a Latin match counts only as letter-by-letter spacing or the word\'s own space', () => {
    expect(terms(['anal'], 'an al')).toEqual([]);
    expect(terms(['anal'], 'a n a l')).toEqual(['anal']);
    expect(terms(['shit'], 'this hit')).toEqual([]);
    expect(terms(['bad word'], 'a bad word')).toEqual(['bad word']);
    expect(terms(['bad word'], 'a badword')).toEqual(['bad word']);
    expect(terms(['badword'], 'a bad word')).toEqual([]);
  });
  it('Korean words are found as substrings (particles attach to them)', () => {
    expect(terms(['바보'], '바보야')).toEqual(['바보']);
    expect(terms(['바보'], '저바보')).toEqual(['바보']);
    expect(terms(['금지어'], '이 금지 어는')).toEqual(['금지어']);
  });
  it('a mixed word checks the boundary only at its Latin edge', () => {
    expect(terms(['카카오bank'], '카카오bank로')).toEqual(['카카오bank']);
    expect(terms(['카카오bank'], '카카오banking')).toEqual([]);
  });
});

describe('restricted words: results', () => {
  it('distinct terms in order of first occurrence, every occurrence mapped to the original text', () => {
    const text = 'ＢＡＤ and 바보, b a d again, 바\u200b보';
    const hits = compileRestrictedWords(['바보', 'bad']).find(text);
    expect(hits.map((h) => h.term)).toEqual(['bad', '바보']);
    expect(hits[0]!.occurrences.map((o) => text.slice(o.start, o.end))).toEqual(['ＢＡＤ', 'b a d']);
    expect(hits[1]!.occurrences.map((o) => text.slice(o.start, o.end))).toEqual(['바보', '바\u200b보']);
  });
  it('overlapping and nested words are all found', () => {
    expect(terms(['he', 'she', 'his', 'hers', '나쁜', '나쁜말'], 'his, hers? ushers 나쁜말')).toEqual(['his', 'hers', '나쁜', '나쁜말']);
    expect(terms(['he', 'she', 'hers'], 'she hers he')).toEqual(['she', 'hers', 'he']);
  });
  it('positions survive astral characters and expansions', () => {
    const text = '😀😀 ㈜바보 ﬁsh';
    const hits = compileRestrictedWords(['바보', 'fish']).find(text);
    expect(hits.map((h) => text.slice(h.occurrences[0]!.start, h.occurrences[0]!.end))).toEqual(['바보', 'ﬁsh']);
  });
  it('an empty list finds nothing', () => {
    expect(compileRestrictedWords([]).find('anything')).toEqual([]);
  });
});

describe('restricted words: 10,000 words', () => {
  const words = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? `금지${i.toString(36)}어` : `ban${i.toString(36)}word`));
  const matcher = compileRestrictedWords(words);
  it('compiles all of them and finds the ones present, no others', () => {
    expect(matcher.size).toBe(10_000);
    const text = `hello ban0word and 금지1어 then B.A.N.2.W.O.R.D? not BAN 6 WORD, ban4words, 금지${(9999).toString(36)}어`;
    expect(matcher.find(text).map((h) => h.term)).toEqual(['ban0word', '금지1어', 'ban2word', `금지${(9999).toString(36)}어`]);
  });
  it('a long clean message finds nothing', () => {
    const text = 'The quick brown fox jumps over the lazy dog. 다람쥐 헌 쳇바퀴에 타고파. '.repeat(60);
    expect(matcher.find(text)).toEqual([]);
  });
});

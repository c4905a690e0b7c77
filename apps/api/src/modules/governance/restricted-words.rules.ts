/**
 * Restricted words (spec §2, §3, §5, §8 "restricted terms found"): a tenant's list, up to 10,000
 * words, compiled once into one Aho–Corasick automaton over normalised text. The rules are in
 * this folder's README; in short:
 *
 * - Text and words are compared after NFKC, lower-casing, and dropping everything that is not a
 *   letter or a digit: "b a d", "b.a.d", "ＢＡＤ" and "b\u200bad" are all "bad".
 * - An edge of a word written in a spaced script (Latin, Greek, Cyrillic, digits) must sit on a
 *   word edge of the text: "bad" is not found in "badge" or "abad". Hangul, Han and kana are
 *   matched as substrings, because Korean attaches particles to the word ("바보야", "바보를").
 * - Spacing inside a Latin match is ignored only where it spells the word letter by letter
 *   ("b a d"), or where the configured word has a space itself; "an al" is not "anal".
 */

/** One configured word found in a text: its spelling as configured, and where it stands in the text. */
export interface RestrictedWordHit {
  term: string;
  /** Every occurrence, as UTF-16 offsets into the original text (`text.slice(start, end)`). */
  occurrences: Array<{ start: number; end: number }>;
}

export interface RestrictedWordMatcher {
  /** Distinct configured words found in `text`, in the order of their first occurrence. */
  find(text: string): RestrictedWordHit[];
  /** Number of distinct words compiled (duplicates by `normaliseWord` and empty words dropped). */
  readonly size: number;
}

/** The key two words are compared by: "ＢＡＤ", "Bad" and "b a d" are the same word (spec §5). */
export function normaliseWord(word: string): string {
  return normaliseStream(word).key();
}

/** True when `word` is already in `existing` once both are normalised (spec §5: not added twice). */
export function isDuplicateWord(word: string, existing: Iterable<string>): boolean {
  const key = normaliseWord(word);
  if (!key) return false;
  for (const w of existing) if (normaliseWord(w) === key) return true;
  return false;
}

// Letters of scripts written with spaces between words: their edges need a word boundary.
const SPACED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Invisible: format characters (zero-width space/joiners, BOM, soft hyphen) and combining marks.
// They are dropped without making a word gap, so "bad\u200bge" is still "badge".
const INVISIBLE = /[\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}]/u;

/**
 * The normalised text: code points (letters and digits only), the original UTF-16 range each came
 * from, whether a space or punctuation stood before it, and whether it is of a spaced script. One
 * buffer is reused by every call (JavaScript runs one call at a time): the caller reads it before
 * the next call, so compiling 10,000 words allocates no buffers per word.
 */
class Stream {
  chars = new Uint32Array(256);
  from = new Uint32Array(256);
  to = new Uint32Array(256);
  gapBefore = new Uint8Array(256);
  spaced = new Uint8Array(256);
  length = 0;
  gap = 0;

  reset(size: number) {
    this.length = 0;
    this.gap = 0;
    // A huge text gets buffers of its own instead of growing the shared ones for good.
    if (size > 1 << 16) this.grow(size);
    else if (this.chars.length > 1 << 16) this.grow(1 << 12);
  }

  push(cp: number, start: number, end: number) {
    const n = this.length;
    if (n === this.chars.length) this.grow(n * 2);
    this.chars[n] = cp;
    this.from[n] = start;
    this.to[n] = end;
    this.gapBefore[n] = this.gap;
    this.spaced[n] = isSpaced(cp) ? 1 : 0;
    this.gap = 0;
    this.length = n + 1;
  }

  key(): string {
    return String.fromCodePoint(...this.chars.subarray(0, this.length));
  }

  private grow(size: number) {
    const n = Math.min(this.length, size);
    const copy32 = (a: Uint32Array) => {
      const b = new Uint32Array(size);
      b.set(a.subarray(0, n));
      return b;
    };
    const copy8 = (a: Uint8Array) => {
      const b = new Uint8Array(size);
      b.set(a.subarray(0, n));
      return b;
    };
    this.chars = copy32(this.chars);
    this.from = copy32(this.from);
    this.to = copy32(this.to);
    this.gapBefore = copy8(this.gapBefore);
    this.spaced = copy8(this.spaced);
  }
}
const stream = new Stream();

const spacedCache = new Map<number, boolean>();
function isSpaced(cp: number): boolean {
  if (cp < 128) return (cp >= 48 && cp <= 57) || (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90);
  if (cp >= 0xac00 && cp <= 0xd7a3) return false;
  let v = spacedCache.get(cp);
  if (v === undefined) {
    v = SPACED.test(String.fromCodePoint(cp));
    if (spacedCache.size < 4096) spacedCache.set(cp, v);
  }
  return v;
}

function isCombining(cp: number): boolean {
  // Combining marks, and Hangul medial/final jamo that compose with the previous jamo under NFKC.
  return (cp >= 0x300 && cp <= 0x36f) || (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff) || (cp >= 0x1ab0 && cp <= 0x1aff) || (cp >= 0x1dc0 && cp <= 0x1dff) || (cp >= 0x20d0 && cp <= 0x20ff) || (cp >= 0xfe20 && cp <= 0xfe2f) || (cp >= 0x3099 && cp <= 0x309a);
}

/**
 * The text as the automaton reads it. ASCII and precomposed Hangul syllables (almost all of a
 * Korean or English message) take a fast path; other characters are NFKC-normalised together
 * with the combining characters that follow them.
 */
function normaliseStream(text: string): Stream {
  const out = stream;
  out.reset(text.length);
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const next = i + width < text.length ? text.charCodeAt(i + width) : 0;
    if ((cp < 128 || (cp >= 0xac00 && cp <= 0xd7a3)) && !(next >= 0x300 && isCombining(next))) {
      if (cp >= 65 && cp <= 90) out.push(cp + 32, i, i + 1);
      else if ((cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || cp >= 128) out.push(cp, i, i + 1);
      else out.gap = 1;
      i += width;
      continue;
    }
    let end = i + width;
    while (end < text.length) {
      const c = text.codePointAt(end)!;
      if (!isCombining(c)) break;
      end += c > 0xffff ? 2 : 1;
    }
    for (const ch of text.slice(i, end).normalize('NFKC').toLowerCase().normalize('NFKC')) {
      const c = ch.codePointAt(0)!;
      if (LETTER_OR_DIGIT.test(ch)) out.push(c === 0x3c2 ? 0x3c3 : c, i, end);
      else if (!INVISIBLE.test(ch)) out.gap = 1;
    }
    i = end;
  }
  return out;
}

const NO_GAPS: number[] = [];

interface CompiledWord {
  term: string;
  length: number;
  /** Its first / last character is of a spaced script: that edge needs a word boundary. */
  spacedStart: boolean;
  spacedEnd: boolean;
  /** Offsets inside the word after which the configured word itself has a space. */
  gaps: readonly number[];
}

/**
 * Compiles the words once (a tenant's list changes rarely; keep the matcher per tenant and
 * rebuild it on change). Duplicates by `normaliseWord` keep their first spelling; words with no
 * letter or digit are dropped.
 */
export function compileRestrictedWords(words: readonly string[]): RestrictedWordMatcher {
  const compiled: CompiledWord[] = [];
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const term of words) {
    const s = normaliseStream(term);
    if (s.length === 0) continue;
    const key = s.key();
    if (seen.has(key)) continue;
    seen.add(key);
    let gaps: number[] = NO_GAPS;
    for (let k = 1; k < s.length; k += 1) if (s.gapBefore[k]) gaps = [...gaps, k];
    compiled.push({ term, length: s.length, spacedStart: s.spaced[0] === 1, spacedEnd: s.spaced[s.length - 1] === 1, gaps });
    keys.push(key);
  }

  // The words' alphabet, numbered densely from 1 (0: a character no word has, which sends the
  // automaton straight back to the root). ASCII and Hangul syllables are looked up in an array.
  const direct = new Int32Array(0xd7a4);
  const other = new Map<number, number>();
  let alphabet = 1;
  const symbolOf = (cp: number) => (cp < 0xd7a4 ? direct[cp]! : (other.get(cp) ?? 0));
  for (const key of keys) {
    for (const ch of key) {
      const cp = ch.codePointAt(0)!;
      if (symbolOf(cp) !== 0) continue;
      if (cp < 0xd7a4) direct[cp] = alphabet++;
      else other.set(cp, alphabet++);
    }
  }

  // Transitions of all nodes in one map keyed node × alphabet + symbol: a small integer for any
  // realistic list, which V8 hashes fastest.
  const goto = new Map<number, number>();
  const outputs: number[] = [-1];
  let nodes = 1;
  keys.forEach((key, index) => {
    let node = 0;
    for (const ch of key) {
      const edge = node * alphabet + symbolOf(ch.codePointAt(0)!);
      let nextNode = goto.get(edge);
      if (nextNode === undefined) {
        nextNode = nodes++;
        goto.set(edge, nextNode);
        outputs.push(-1);
      }
      node = nextNode;
    }
    outputs[node] = index;
  });

  // Failure links breadth first; `dict` points at the nearest proper suffix node with an output.
  const children: number[][] = Array.from({ length: nodes }, () => []);
  const label = new Uint32Array(nodes);
  for (const [edge, child] of goto) {
    children[Math.floor(edge / alphabet)]!.push(child);
    label[child] = edge % alphabet;
  }
  const fail = new Int32Array(nodes);
  const dict = new Int32Array(nodes).fill(-1);
  const queue: number[] = [...children[0]!];
  for (let q = 0; q < queue.length; q += 1) {
    const node = queue[q]!;
    for (const child of children[node]!) {
      const c = label[child]!;
      let f = fail[node]!;
      let target = goto.get(f * alphabet + c);
      while (target === undefined && f !== 0) {
        f = fail[f]!;
        target = goto.get(f * alphabet + c);
      }
      const fc = target !== undefined && target !== child ? target : 0;
      fail[child] = fc;
      dict[child] = outputs[fc]! >= 0 ? fc : dict[fc]!;
      queue.push(child);
    }
  }
  const out = Int32Array.from(outputs);

  const accepts = (w: CompiledWord, s: Stream, start: number, end: number): boolean => {
    if (w.spacedStart && start > 0 && s.spaced[start - 1] && !s.gapBefore[start]) return false;
    if (w.spacedEnd && end < s.length && s.spaced[end] && !s.gapBefore[end]) return false;
    for (let k = start + 1; k < end; k += 1) {
      if (!s.gapBefore[k] || !s.spaced[k - 1] || !s.spaced[k] || w.gaps.includes(k - start)) continue;
      // A gap inside a Latin match counts only as letter spacing: one letter on each side of it.
      const leftAlone = k - 1 === start || s.gapBefore[k - 1] || !s.spaced[k - 2];
      const rightAlone = k + 1 === end || s.gapBefore[k + 1] || !s.spaced[k + 1];
      if (!leftAlone || !rightAlone) return false;
    }
    return true;
  };

  return {
    size: compiled.length,
    find(text: string): RestrictedWordHit[] {
      if (compiled.length === 0) return [];
      const s = normaliseStream(text);
      const hits = new Map<number, RestrictedWordHit>();
      let node = 0;
      for (let k = 0; k < s.length; k += 1) {
        const c = symbolOf(s.chars[k]!);
        if (c === 0) {
          node = 0;
          continue;
        }
        let next = goto.get(node * alphabet + c);
        while (next === undefined && node !== 0) {
          node = fail[node]!;
          next = goto.get(node * alphabet + c);
        }
        node = next ?? 0;
        for (let o = out[node]! >= 0 ? node : dict[node]!; o >= 0; o = dict[o]!) {
          const index = out[o]!;
          const w = compiled[index]!;
          const start = k + 1 - w.length;
          if (!accepts(w, s, start, k + 1)) continue;
          const occurrence = { start: s.from[start]!, end: s.to[k]! };
          const hit = hits.get(index);
          if (hit) hit.occurrences.push(occurrence);
          else hits.set(index, { term: w.term, occurrences: [occurrence] });
        }
      }
      return [...hits.values()].sort((a, b) => a.occurrences[0]!.start - b.occurrences[0]!.start);
    },
  };
}

import { RESTRICTED_WORDS_MAX } from '@app/contracts/governance';

/** A word's length limit (contracts/governance.ts: 1 to 100 characters after trimming). */
export const WORD_MAX_LENGTH = 100;
export { RESTRICTED_WORDS_MAX };

/** The list's keys are asked for on every keystroke of a paste or search: computed once per word. */
const keys = new Map<string, string>();

/**
 * The key two words are compared by, as the server's `normaliseWord`
 * (api governance/restricted-words.rules.ts): NFKC, lower case, and only letters and digits kept,
 * so "ＢＡＤ", "Bad", "b a d" and "ba\u200bd" are one word (spec §5: not added twice).
 */
export function normaliseWord(word: string): string {
  let key = keys.get(word);
  if (key === undefined) {
    key = word
      .normalize('NFKC')
      .toLowerCase()
      .normalize('NFKC')
      .replace(/[^\p{L}\p{N}]/gu, '')
      .replace(/ς/g, 'σ');
    if (keys.size >= 4 * RESTRICTED_WORDS_MAX) keys.clear();
    keys.set(word, key);
  }
  return key;
}

export type WordProblem = 'empty' | 'tooLong' | 'duplicate' | 'full';

/** Why `word` cannot join `existing`, or null when it can. */
export function wordProblem(word: string, existing: readonly string[]): WordProblem | null {
  const w = word.trim();
  if (!w) return 'empty';
  if (w.length > WORD_MAX_LENGTH) return 'tooLong';
  // A word of no letters or digits is only equal to itself.
  if (duplicateOf(w, existing) !== undefined) return 'duplicate';
  if (existing.length >= RESTRICTED_WORDS_MAX) return 'full';
  return null;
}

/** The word of `existing` that `word` repeats once both are normalised, if any. */
export function duplicateOf(word: string, existing: readonly string[]): string | undefined {
  const w = word.trim();
  const key = normaliseWord(w);
  return existing.find((e) => (key ? normaliseWord(e) === key : e.trim() === w));
}

/** A pasted list: one word a line or separated by commas; blanks dropped. */
export function splitPasted(text: string): string[] {
  return text
    .split(/[\n\r,，、]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

export interface PasteSummary {
  /** Words to add, in the pasted order, each once. */
  added: string[];
  /** Already in the list or pasted twice. */
  duplicates: string[];
  /** Longer than 100 characters. */
  tooLong: string[];
  /** Left out because the list would pass 10,000 words. */
  overLimit: string[];
}

/** What adding the pasted text to `existing` does. */
export function summarisePaste(text: string, existing: readonly string[]): PasteSummary {
  const keys = new Set(existing.map((e) => normaliseWord(e) || e.trim()));
  const out: PasteSummary = { added: [], duplicates: [], tooLong: [], overLimit: [] };
  for (const w of splitPasted(text)) {
    if (w.length > WORD_MAX_LENGTH) {
      out.tooLong.push(w);
      continue;
    }
    const key = normaliseWord(w) || w;
    if (keys.has(key)) {
      out.duplicates.push(w);
      continue;
    }
    if (existing.length + out.added.length >= RESTRICTED_WORDS_MAX) {
      out.overLimit.push(w);
      continue;
    }
    keys.add(key);
    out.added.push(w);
  }
  return out;
}

/** Words whose normalised form contains the normalised query (or whose text contains it). */
export function filterWords(words: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q) return [...words];
  const key = normaliseWord(q);
  const lower = q.toLowerCase();
  return words.filter((w) => (key ? normaliseWord(w).includes(key) : false) || w.toLowerCase().includes(lower));
}

export type PrivacyMode = 'off' | 'block' | 'mask';

export function privacyModeOf(s: { block_personal_info: boolean; mask_personal_info: boolean }): PrivacyMode {
  return s.block_personal_info ? 'block' : s.mask_personal_info ? 'mask' : 'off';
}

export function privacyFlags(mode: PrivacyMode): { block_personal_info: boolean; mask_personal_info: boolean } {
  return { block_personal_info: mode === 'block', mask_personal_info: mode === 'mask' };
}

/** Same words in the same order. */
export function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}

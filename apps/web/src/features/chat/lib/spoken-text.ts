/** The most of an answer a screen reader is given at once; the rest is read in the message list. */
export const SPOKEN_MAX = 600;

/**
 * An answer as a screen reader should hear it once it has ended: the markdown's text without its
 * marks (emphasis, headings, quotes, list bullets, code fences, table rules, link targets), at
 * most SPOKEN_MAX characters.
 */
export function spokenText(markdown: string, max = SPOKEN_MAX): string {
  const text = markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__|\*|_|~~|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

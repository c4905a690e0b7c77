/** Spec §9: card preview 160 characters, table preview 240. */
export const CARD_PREVIEW = 160;
export const TABLE_PREVIEW = 240;

/** Plain text from markdown for previews: markup dropped, whitespace collapsed, cut with an ellipsis. */
export function preview(markdown: string, max: number): string {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:[#>]+|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|~~|`|\|)/g, ' ')
    .replace(/(^|\s)[*_](\S)/g, '$1$2')
    .replace(/(\S)[*_](?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= max ? plain : `${plain.slice(0, max).trimEnd()}…`;
}

/** Spec §9: card preview 160 characters, table preview 240. */
export const CARD_PREVIEW = 160;
export const TABLE_PREVIEW = 240;

/** Plain text from markdown for previews: markup dropped, whitespace collapsed, cut with an ellipsis. */
export function preview(markdown: string, max: number): string {
  const plain = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_~`>#|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= max ? plain : `${plain.slice(0, max).trimEnd()}…`;
}

/** An ILIKE pattern matching `term` anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

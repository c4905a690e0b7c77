/**
 * A whitelist file (spec §5): one email a row (the first cell of a CSV row; a header row `email` is
 * skipped). Emails are counted; any invalid one blocks the upload with its count; none valid is
 * "No valid emails found". Repeats within the file are sent once.
 */
export interface WhitelistFileCheck {
  emails: string[];
  invalid: string[];
  /** Rows read (blank rows aside). */
  rows: number;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

export function checkWhitelistFile(text: string): WhitelistFileCheck {
  const emails = new Set<string>();
  const invalid: string[] = [];
  let rows = 0;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((line, i) => {
    const cell = (line.split(/[,;\t]/)[0] ?? '').trim().replace(/^"(.*)"$/, '$1').trim();
    if (!cell) return;
    if (i === 0 && cell.toLowerCase() === 'email') return;
    rows++;
    if (cell.length <= 254 && EMAIL.test(cell)) emails.add(cell.toLowerCase());
    else invalid.push(cell);
  });
  return { emails: [...emails], invalid, rows };
}

export function toChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

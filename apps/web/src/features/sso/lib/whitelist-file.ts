import { decodeText, parseXlsx } from '../../invitations/lib/bulk-file';

/**
 * A whitelist file (spec §5): one email a row (the first cell of a CSV or XLSX row; a header row `email` is
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

/** The first cells of a file's rows, in order (blank ones included: the header is the first row). */
export function checkWhitelistCells(cells: readonly string[]): WhitelistFileCheck {
  const emails = new Set<string>();
  const invalid: string[] = [];
  let rows = 0;
  cells.forEach((raw, i) => {
    const cell = raw.trim().replace(/^"(.*)"$/, '$1').trim();
    if (!cell) return;
    if (i === 0 && cell.toLowerCase() === 'email') return;
    rows++;
    if (cell.length <= 254 && EMAIL.test(cell)) emails.add(cell.toLowerCase());
    else invalid.push(cell);
  });
  return { emails: [...emails], invalid, rows };
}

/** A CSV or text file's emails: the first cell of each line. */
export function checkWhitelistFile(text: string): WhitelistFileCheck {
  return checkWhitelistCells(text.replace(/^\uFEFF/, '').split(/\r?\n/).map((line) => line.split(/[,;\t]/)[0] ?? ''));
}

/**
 * A chosen file: XLSX by its zip signature (the first sheet's first column), else text in UTF-8,
 * UTF-16 or the Korean legacy encoding Excel writes (bulk-file.ts `decodeText`). Null: unreadable.
 */
export async function readWhitelistFile(file: Blob): Promise<WhitelistFileCheck | null> {
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return null;
  }
  const head = new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength));
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    const sheet = await parseXlsx(buffer);
    if (!sheet.ok) return null;
    // Records keep their spreadsheet line: the header is the row numbered 1.
    const cells: string[] = [];
    for (const r of sheet.records) cells[r.line - 1] = r.cells[0] ?? '';
    return checkWhitelistCells(Array.from(cells, (c) => c ?? ''));
  }
  const text = decodeText(buffer);
  return text === null || text.includes('\u0000') ? null : checkWhitelistFile(text);
}

export function toChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

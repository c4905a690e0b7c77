import { decodeText, isZip, readXlsxRows } from '../../../lib/spreadsheet';

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
 * UTF-16 or the Korean legacy encoding Excel writes (lib/spreadsheet.ts). Null: unreadable.
 */
export async function readWhitelistFile(file: Blob): Promise<WhitelistFileCheck | null> {
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return null;
  }
  if (isZip(buffer)) {
    const rows = await readXlsxRows(buffer);
    return rows ? checkWhitelistCells(rows.map((cells) => cells[0] ?? '')) : null;
  }
  const text = decodeText(buffer);
  return text === null || text.includes('\u0000') ? null : checkWhitelistFile(text);
}

export function toChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

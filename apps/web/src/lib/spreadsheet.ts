/**
 * Reading the files admins upload (the bulk member file, the SSO whitelist): spreadsheets and the
 * text Excel writes, decoded in the browser before anything is sent.
 */

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** An XLSX (a zip archive) by its signature. */
export const isZip = (buffer: ArrayBuffer) => startsWith(new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)), [0x50, 0x4b, 0x03, 0x04]);

/** An old binary .xls, or any other compound document: not text. */
export const isCompoundDocument = (buffer: ArrayBuffer) => startsWith(new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)), [0xd0, 0xcf, 0x11, 0xe0]);

/**
 * Text of a CSV: UTF-8 (with or without BOM, which is dropped), UTF-16 with its BOM (Excel's
 * "Unicode text"), else the Korean legacy encoding Excel uses for "CSV" on Korean Windows.
 */
export function decodeText(buffer: ArrayBuffer): string | null {
  const bytes = new Uint8Array(buffer);
  try {
    if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes);
    if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    try {
      return new TextDecoder('euc-kr', { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}

/** An XLSX cell as text: numbers as written, dates as YYYY-MM-DD. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

/** The rows of an XLSX file's first sheet as text cells (read-excel-file, loaded on first use); null when unreadable. */
export async function readXlsxRows(buffer: ArrayBuffer): Promise<string[][] | null> {
  try {
    const { default: readXlsxFile } = await import('read-excel-file/browser');
    const sheets = await readXlsxFile(buffer);
    return (sheets[0]?.data ?? []).map((cells) => cells.map(cellText));
  } catch {
    return null;
  }
}

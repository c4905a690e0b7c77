import { readFile } from 'node:fs/promises';
import chardet from 'chardet';
import { strFromU8, unzipSync } from 'fflate';
import { fileTypeFromFile } from 'file-type';
import iconv from 'iconv-lite';
import { measureZip, type ZipCaps, ZipRefused } from './office-zip';

/** What the platform takes (spec §5: file types are server-driven settings). */
export const FILE_KINDS = {
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extensions: ['pptx'] },
  csv: { mime: 'text/csv', extensions: ['csv'] },
  html: { mime: 'text/html', extensions: ['html', 'htm'] },
  markdown: { mime: 'text/markdown', extensions: ['md', 'markdown'] },
  text: { mime: 'text/plain', extensions: ['txt', 'text', 'log'] },
  png: { mime: 'image/png', extensions: ['png'] },
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
} as const;
export type FileKind = keyof typeof FILE_KINDS;
export const isImage = (kind: string) => kind === 'png' || kind === 'jpeg' || kind === 'webp' || kind === 'gif';
const TEXT_KINDS: FileKind[] = ['csv', 'html', 'markdown', 'text'];

/** A file the platform refuses: 415 (not a type it takes), 400 (the type, but broken) or 413 (over a cap). */
export class FileRejected extends Error {
  constructor(
    readonly reason: 'unsupported' | 'corrupted' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

// The libraries of one kind load when a file of that kind comes: a parser thread starts in less time.
const getDocumentProxy: typeof import('unpdf').getDocumentProxy = async (...args) => (await import('unpdf')).getDocumentProxy(...args);

const extensionOf = (name: string) => name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/**
 * The file's kind from its bytes (magic numbers), not its name: a `.pdf` that is a zip is refused.
 * Text has no magic number, so a file without one is text when it holds no NUL byte and its name
 * says which text kind.
 */
export async function detectKind(file: string, name: string, head: Buffer): Promise<FileKind> {
  const found = await fileTypeFromFile(file).catch(() => undefined);
  if (found) {
    const kind = (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].mime === found.mime);
    if (!kind || TEXT_KINDS.includes(kind)) throw new FileRejected('unsupported', `This file is ${found.ext}, which is not accepted`);
    return kind;
  }
  const ext = extensionOf(name);
  const textKind = TEXT_KINDS.find((k) => (FILE_KINDS[k].extensions as readonly string[]).includes(ext));
  if (head.includes(0) || !textKind) {
    // Zip-based office files that file-type cannot name (damaged directory) land here too.
    if (head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')) && ['docx', 'xlsx', 'pptx'].includes(ext)) throw new FileRejected('corrupted', 'The file is damaged');
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') throw new FileRejected('corrupted', 'The PDF is damaged');
    throw new FileRejected('unsupported', 'This file type is not accepted');
  }
  return textKind;
}

/** A page of text holds about 3,000 characters; a page of a sheet about 50 rows. */
export const CHARS_PER_PAGE = 3000;
export const ROWS_PER_PAGE = 50;
const pagesOf = (chars: number, rows = 0) => Math.max(1, Math.ceil(chars / CHARS_PER_PAGE), Math.ceil(rows / ROWS_PER_PAGE));

/** The elements whose text is counted, by the part of an office file that holds them. */
const TEXT_PARTS: Record<'docx' | 'xlsx' | 'pptx', (name: string) => ReadonlySet<string> | null> = {
  docx: (name) => (name === 'word/document.xml' ? new Set(['t']) : null),
  pptx: (name) => (/^ppt\/slides\/slide\d+\.xml$/.test(name) ? new Set(['t']) : null),
  xlsx: (name) => (/^xl\/worksheets\/[^/]+\.xml$/.test(name) ? new Set(['v', 't']) : name === 'xl/sharedStrings.xml' ? new Set(['t']) : null),
};

/** An office file checked against the caps (decision 045); its pages from its content, not from its own docProps. */
function measureOffice(kind: 'docx' | 'xlsx' | 'pptx', zip: Uint8Array, caps: ZipCaps): number {
  try {
    const { counted, names } = measureZip(zip, caps, TEXT_PARTS[kind]);
    const parts = [...counted.values()];
    const chars = parts.reduce((n, p) => n + p.chars, 0);
    if (kind === 'docx') {
      if (!counted.has('word/document.xml')) throw new FileRejected('corrupted', 'The file is damaged and cannot be read');
      return pagesOf(chars);
    }
    if (kind === 'pptx') return Math.max(names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length, pagesOf(chars));
    return pagesOf(chars, parts.reduce((n, p) => n + p.rows, 0));
  } catch (err) {
    if (err instanceof ZipRefused) throw new FileRejected(err.reason, err.message);
    throw err;
  }
}

/** Characters past the cap are a refusal (413), not a truncation, before pages are counted. */
function checkChars(text: string, caps: ZipCaps) {
  if (text.length > caps.maxChars) throw new FileRejected('too_large', `The file has more than ${caps.maxChars.toLocaleString('en')} characters`);
}

/** Pages of a file, known before its text is read (the limits need them at upload), from its content. */
export async function measureFile(kind: FileKind, file: string, caps: ZipCaps): Promise<number> {
  try {
    if (kind === 'pdf') {
      const pdf = await getDocumentProxy(new Uint8Array(await readFile(file)), { verbosity: 0 });
      const n = pdf.numPages;
      await pdf.cleanup();
      return n;
    }
    if (kind === 'docx' || kind === 'pptx' || kind === 'xlsx') return measureOffice(kind, new Uint8Array(await readFile(file)), caps);
    if (isImage(kind)) {
      const { default: sharp } = await import('sharp');
      await sharp(file).metadata();
      return 1;
    }
    const text = decodeText(await readFile(file));
    checkChars(text, caps);
    return pagesOf(kind === 'html' ? text.replace(/<[^>]*>/g, '').length : text.length);
  } catch (err) {
    if (err instanceof FileRejected) throw err;
    throw new FileRejected('corrupted', 'The file is damaged and cannot be read');
  }
}

export interface Parsed {
  text: string;
  pageCount: number;
  parsedPages: number;
  /** parsed | partial (some pages failed) | no_text (nothing to read, e.g. a scanned PDF) */
  status: 'parsed' | 'partial' | 'no_text';
  note: string | null;
}

/** The most text kept of one file (the rest is dropped and said so). */
const MAX_TEXT = 2_000_000;

/** Text in UTF-8, or the legacy encoding chardet names (Korean files are often EUC-KR/CP949). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    const guess = chardet.detect(bytes.subarray(0, 64 * 1024));
    // EUC-KR is a subset of CP949, which Windows writes: decode with the superset.
    const enc = !guess || /euc-kr|ks_c|cp949|uhc/i.test(guess) ? 'cp949' : guess;
    return iconv.decode(bytes, iconv.encodingExists(enc) ? enc : 'cp949');
  }
}

async function htmlToText(html: string): Promise<string> {
  const { parse: parseHtml } = await import('node-html-parser');
  const root = parseHtml(html);
  root.querySelectorAll('script,style,noscript').forEach((n) => n.remove());
  for (const h of root.querySelectorAll('h1,h2,h3,h4,h5,h6')) h.set_content(`\n\n${'#'.repeat(Number(h.tagName[1]))} ${h.text.trim()}\n\n`);
  for (const p of root.querySelectorAll('p,li,tr,div,br')) p.insertAdjacentHTML('afterend', '\n\n');
  return root.text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*(\n\s*)+/g, '\n\n')
    .trim();
}

const xmlText = (xml: string) =>
  [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'));

function finish(text: string, pageCount: number, parsedPages: number, notes: string[]): Parsed {
  let t = text.trim();
  if (t.length > MAX_TEXT) {
    t = t.slice(0, MAX_TEXT);
    notes.push(`Only the first ${MAX_TEXT.toLocaleString('en')} characters were kept`);
  }
  const partial = parsedPages < pageCount || notes.length > 0;
  return { text: t, pageCount, parsedPages, status: t === '' ? 'no_text' : partial ? 'partial' : 'parsed', note: notes.length ? notes.join('; ') : null };
}

/**
 * The file's text: PDF per page (a failing page makes it partial), office files, HTML, text. An
 * office file is checked against the caps again before its library inflates it (a file stored
 * before the caps, or under other ones); pages are counted as at upload.
 */
export async function parseFile(kind: FileKind, bytes: Uint8Array, caps: ZipCaps, onPages?: (done: number, total: number) => void): Promise<Parsed> {
  try {
    switch (kind) {
      case 'pdf': {
        const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
        const pages: string[] = [];
        const failed: number[] = [];
        for (let i = 1; i <= pdf.numPages; i += 1) {
          try {
            const page = await pdf.getPage(i);
            const content = await page.getTextContent();
            pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(''));
          } catch {
            failed.push(i);
          }
          // Progress for GET /files/progress: every 10 pages.
          if (onPages && i % 10 === 0 && i < pdf.numPages) onPages(i, pdf.numPages);
        }
        const n = pdf.numPages;
        await pdf.cleanup();
        const notes = failed.length ? [`Page${failed.length > 1 ? "s" : ""} ${failed.join(', ')} could not be read`] : [];
        const result = finish(pages.join('\n\n'), n, n - failed.length, notes);
        if (result.status === 'no_text') result.note = 'No text found: this looks like a scanned PDF (images of pages); text recognition is not available';
        return result;
      }
      case 'docx': {
        const pages = measureOffice(kind, bytes, caps);
        // Images are not read (an <img> without its bytes): only the text is kept.
        const { default: mammoth } = await import('mammoth');
        const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, { convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })) });
        return finish(await htmlToText(value), pages, pages, []);
      }
      case 'xlsx': {
        const pages = measureOffice(kind, bytes, caps);
        const { default: ExcelJS } = await import('exceljs');
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
        const parts: string[] = [];
        wb.eachSheet((sheet) => {
          const rows: string[] = [];
          sheet.eachRow((row) => {
            const cells = (row.values as unknown[]).slice(1).map((v) => cellText(v));
            rows.push(cells.join('\t'));
          });
          parts.push(`# ${sheet.name}\n\n${rows.join('\n')}`);
        });
        return finish(parts.join('\n\n'), pages, pages, []);
      }
      case 'pptx': {
        const pages = measureOffice(kind, bytes, caps);
        const zip = unzipSync(bytes, { filter: (f) => /^ppt\/slides\/slide\d+\.xml$/.test(f.name) });
        const slides = Object.keys(zip).sort((a, b) => Number(a.match(/(\d+)\.xml$/)![1]) - Number(b.match(/(\d+)\.xml$/)![1]));
        const parts = slides.map((s, i) => `# Slide ${i + 1}\n\n${xmlText(strFromU8(zip[s]!)).join('\n')}`);
        return finish(parts.join('\n\n'), pages, pages, []);
      }
      case 'html': {
        const html = decodeText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        checkChars(html, caps);
        const pages = pagesOf(html.replace(/<[^>]*>/g, '').length);
        return finish(await htmlToText(html), pages, pages, []);
      }
      case 'csv':
      case 'markdown':
      case 'text': {
        const text = decodeText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        checkChars(text, caps);
        const pages = pagesOf(text.length);
        return finish(text, pages, pages, []);
      }
      default:
        return { text: '', pageCount: 1, parsedPages: 1, status: 'parsed', note: null };
    }
  } catch (err) {
    if (err instanceof FileRejected) throw err;
    throw new FileRejected('corrupted', 'The file is damaged and cannot be read');
  }
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const o = v as { text?: string; result?: unknown; richText?: Array<{ text: string }> };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    if (v instanceof Date) return v.toISOString().slice(0, 10);
  }
  return String(v);
}

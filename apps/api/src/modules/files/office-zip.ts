import { Inflate } from 'fflate';

/**
 * Office files (DOCX, XLSX, PPTX) are zips: read with caps before anything inflates them
 * (decision 045). The central directory's declared sizes are checked first; then every entry is
 * inflated in 64 KB steps with a byte counter, so one that lies about its size stops at the cap.
 * The parts that hold the text are counted on the way (characters, rows) without being kept.
 */
export interface ZipCaps {
  /** Uncompressed bytes of one entry, declared and actual. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together, declared and actual. */
  maxExpandedBytes: number;
  maxRows: number;
  maxChars: number;
}

/** Why a zip is refused: over a cap (413) or not a zip that can be read (400). */
export class ZipRefused extends Error {
  constructor(
    readonly reason: 'too_large' | 'corrupted',
    message: string,
  ) {
    super(message);
  }
}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** More entries than any office file has: a directory of a million tiny entries is refused too. */
const MAX_ENTRIES = 20_000;
const STEP = 64 * 1024;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** The central directory's entries (ZIP64 sizes included), or a ZipRefused. */
export function zipEntries(zip: Uint8Array): Entry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => Number(view.getBigUint64(at, true));
  const corrupted = () => new ZipRefused('corrupted', 'The file is damaged and cannot be read');
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i -= 1) {
    if (u32(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw corrupted();
  let count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && u32(eocd - 20) === 0x07064b50) {
    const z64 = u64(eocd - 12);
    if (z64 + 56 > zip.length || u32(z64) !== 0x06064b50) throw corrupted();
    count = u64(z64 + 32);
    offset = u64(z64 + 48);
  }
  if (count > MAX_ENTRIES) throw new ZipRefused('too_large', `The file holds more than ${MAX_ENTRIES.toLocaleString('en')} parts`);
  const entries: Entry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0, at = offset; i < count; i += 1) {
    if (at + 46 > zip.length || u32(at) !== 0x02014b50) throw corrupted();
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const entry: Entry = {
      name: decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      flags: u16(at + 8),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localOffset: u32(at + 42),
    };
    // ZIP64: the fields that do not fit are in the extra field 0x0001, in this order.
    for (let x = at + 46 + nameLength, end = x + extraLength; x + 4 <= end; x += 4 + u16(x + 2)) {
      if (u16(x) !== 1) continue;
      let y = x + 4;
      for (const field of ['size', 'compressedSize', 'localOffset'] as const) {
        if (entry[field] !== 0xffffffff) continue;
        if (y + 8 > end) throw corrupted();
        entry[field] = u64(y);
        y += 8;
      }
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + u16(at + 32);
  }
  return entries;
}

/** Counts the characters of text elements and the rows of an XML part as it streams by. */
class XmlCounter {
  chars = 0;
  rows = 0;
  private inTag = false;
  private inEntity = false;
  private inText = false;
  private tag: number[] = [];
  constructor(private readonly textNames: ReadonlySet<string>) {}

  push(bytes: Uint8Array) {
    for (let i = 0; i < bytes.length; i += 1) {
      const b = bytes[i]!;
      if (this.inTag) {
        if (b === 0x3e) this.endTag();
        else if (this.tag.length < 64) this.tag.push(b);
      } else if (b === 0x3c) {
        this.inTag = true;
        this.tag = [];
      } else if (this.inText) {
        if (this.inEntity) this.inEntity = b !== 0x3b;
        // One character per UTF-8 lead byte; an entity (&amp;) is one character.
        else if ((b & 0xc0) !== 0x80) {
          this.chars += 1;
          this.inEntity = b === 0x26;
        }
      }
    }
  }

  private endTag() {
    this.inTag = false;
    const raw = String.fromCharCode(...this.tag);
    if (raw.startsWith('?') || raw.startsWith('!')) return;
    const closing = raw.startsWith('/');
    const selfClosing = raw.endsWith('/');
    const name = (closing ? raw.slice(1) : raw).split(/[\s/]/)[0] ?? '';
    const local = name.slice(name.indexOf(':') + 1);
    if (local === 'row' && !closing) this.rows += 1;
    if (this.textNames.has(local) && !selfClosing) this.inText = !closing;
  }
}

export interface ZipMeasure {
  /** Entries whose name the caller asked to count, by name. */
  counted: Map<string, { chars: number; rows: number }>;
  names: string[];
}

/**
 * Checks the zip against the caps and counts the text of the entries `count` picks: declared
 * sizes first (nothing inflated when they are over), then the actual bytes as each entry inflates.
 */
export function measureZip(zip: Uint8Array, caps: ZipCaps, count: (name: string) => ReadonlySet<string> | null): ZipMeasure {
  const entries = zipEntries(zip);
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  for (const e of entries) {
    if (e.size > caps.maxEntryBytes) throw new ZipRefused('too_large', `A part of the file expands to ${mb(e.size)} MB; the most is ${mb(caps.maxEntryBytes)} MB`);
  }
  if (declared > caps.maxExpandedBytes) throw new ZipRefused('too_large', `The file expands to ${mb(declared)} MB; the most is ${mb(caps.maxExpandedBytes)} MB`);

  const counted = new Map<string, { chars: number; rows: number }>();
  let total = 0;
  let chars = 0;
  let rows = 0;
  for (const e of entries) {
    if (e.flags & 1) throw new ZipRefused('corrupted', 'The file is encrypted');
    if (e.method !== 0 && e.method !== 8) throw new ZipRefused('corrupted', 'The file is damaged and cannot be read');
    const at = e.localOffset;
    if (at + 30 > zip.length || zip[at] !== 0x50 || zip[at + 1] !== 0x4b || zip[at + 2] !== 3 || zip[at + 3] !== 4) throw new ZipRefused('corrupted', 'The file is damaged and cannot be read');
    const start = at + 30 + (zip[at + 26]! | (zip[at + 27]! << 8)) + (zip[at + 28]! | (zip[at + 29]! << 8));
    const data = zip.subarray(start, start + e.compressedSize);
    if (data.length !== e.compressedSize) throw new ZipRefused('corrupted', 'The file is damaged and cannot be read');
    const textNames = count(e.name);
    const counter = textNames ? new XmlCounter(textNames) : null;
    let actual = 0;
    const take = (chunk: Uint8Array) => {
      actual += chunk.length;
      total += chunk.length;
      if (actual > caps.maxEntryBytes) throw new ZipRefused('too_large', `A part of the file expands to more than ${mb(caps.maxEntryBytes)} MB`);
      if (total > caps.maxExpandedBytes) throw new ZipRefused('too_large', `The file expands to more than ${mb(caps.maxExpandedBytes)} MB`);
      if (!counter) return;
      const c0 = counter.chars;
      const r0 = counter.rows;
      counter.push(chunk);
      chars += counter.chars - c0;
      rows += counter.rows - r0;
      if (rows > caps.maxRows) throw new ZipRefused('too_large', `The file has more than ${caps.maxRows.toLocaleString('en')} rows`);
      if (chars > caps.maxChars) throw new ZipRefused('too_large', `The file has more than ${caps.maxChars.toLocaleString('en')} characters`);
    };
    if (e.method === 0) {
      for (let i = 0; i < data.length; i += STEP) take(data.subarray(i, i + STEP));
    } else {
      const inflate = new Inflate((chunk) => take(chunk));
      try {
        for (let i = 0; i < data.length; i += STEP) inflate.push(data.subarray(i, i + STEP), i + STEP >= data.length);
        if (data.length === 0) inflate.push(new Uint8Array(0), true);
      } catch (err) {
        if (err instanceof ZipRefused) throw err;
        throw new ZipRefused('corrupted', 'The file is damaged and cannot be read');
      }
    }
    if (actual !== e.size) throw new ZipRefused('corrupted', 'The file is damaged and cannot be read');
    if (counter) counted.set(e.name, { chars: counter.chars, rows: counter.rows });
  }
  return { counted, names: entries.map((e) => e.name) };
}

import { Inflate } from 'fflate';

/**
 * Office files (DOCX, XLSX, PPTX) are zips: read with caps before anything inflates them
 * (decision 045). The central directory's declared sizes are checked first; then every entry is
 * inflated in small steps with a byte counter, so one that lies about its size stops at the cap.
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
/**
 * Compressed bytes given to the inflater at a time: deflate expands at most about 1,032 times, so a
 * step's output (allocated whole before the counter sees it) stays near 1 MB.
 */
const INFLATE_STEP = 1024;
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

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const COLON = 0x3a;
const AMP = 0x26;
const SEMI = 0x3b;

/**
 * Counts the characters of text elements and the rows of an XML part as it streams by, byte by
 * byte without allocating (a bomb is millions of tags): an element's local name is kept as its
 * length and first three bytes, enough for `row` and the one-letter text elements (`t`, `v`).
 */
class XmlCounter {
  chars = 0;
  rows = 0;
  private readonly text: Uint8Array;
  private inTag = false;
  private inEntity = false;
  private inText = false;
  private tagPos = 0;
  private closing = false;
  private special = false;
  private nameDone = false;
  private localLen = 0;
  private l0 = 0;
  private l1 = 0;
  private l2 = 0;
  private prev = 0;
  constructor(textNames: ReadonlySet<string>) {
    this.text = new Uint8Array(256);
    for (const n of textNames) this.text[n.charCodeAt(0)] = 1;
  }

  push(bytes: Uint8Array) {
    for (let i = 0; i < bytes.length; i += 1) {
      const b = bytes[i]!;
      if (this.inTag) {
        if (b === GT) this.endTag();
        else this.tagByte(b);
      } else if (b === LT) {
        this.inTag = true;
        this.tagPos = 0;
        this.closing = this.special = this.nameDone = false;
        this.localLen = this.prev = 0;
      } else if (this.inText) {
        if (this.inEntity) this.inEntity = b !== SEMI;
        // One character per UTF-8 lead byte; an entity (&amp;) is one character.
        else if ((b & 0xc0) !== 0x80) {
          this.chars += 1;
          this.inEntity = b === AMP;
        }
      }
    }
  }

  private tagByte(b: number) {
    if (this.tagPos === 0 && b === SLASH) this.closing = true;
    else if (this.tagPos === 0 && (b === 0x3f || b === 0x21)) this.special = true;
    else if (!this.nameDone) {
      if (b === SLASH || b <= 0x20) this.nameDone = true;
      else if (b === COLON) this.localLen = 0;
      else {
        if (this.localLen === 0) this.l0 = b;
        else if (this.localLen === 1) this.l1 = b;
        else if (this.localLen === 2) this.l2 = b;
        this.localLen += 1;
      }
    }
    this.prev = b;
    this.tagPos += 1;
  }

  private endTag() {
    this.inTag = false;
    if (this.special) return;
    if (!this.closing && this.localLen === 3 && this.l0 === 0x72 && this.l1 === 0x6f && this.l2 === 0x77) this.rows += 1;
    if (this.localLen === 1 && this.text[this.l0] && this.prev !== SLASH) this.inText = !this.closing;
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
        for (let i = 0; i < data.length; i += INFLATE_STEP) inflate.push(data.subarray(i, i + INFLATE_STEP), i + INFLATE_STEP >= data.length);
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

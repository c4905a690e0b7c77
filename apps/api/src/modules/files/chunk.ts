/** A piece of a document for retrieval, with the heading it sits under. */
export interface Chunk {
  heading: string;
  body: string;
}

const TARGET = 900;
const OVERLAP = 150;

/**
 * Cuts text into chunks along headings and paragraphs: a chunk never spans two sections, holds
 * whole paragraphs up to about 900 characters (a longer paragraph is cut at sentence ends), and
 * starts with the last ~150 characters of the chunk before it in the same section, so an answer
 * lying across a cut is whole in one of the two.
 */
export function chunkText(text: string): Chunk[] {
  const out: Chunk[] = [];
  let heading = '';
  let buf: string[] = [];
  let size = 0;
  const flush = (carry: boolean) => {
    const body = buf.join('\n\n').trim();
    if (body) out.push({ heading, body });
    if (carry && body.length > OVERLAP) {
      const tail = body.slice(-OVERLAP);
      const cut = tail.search(/[\s.!?。]/);
      buf = [cut >= 0 ? tail.slice(cut + 1).trim() : tail];
      size = buf[0]!.length;
    } else {
      buf = [];
      size = 0;
    }
  };
  for (const raw of text.split(/\n\s*\n/)) {
    const para = raw.trim();
    if (!para) continue;
    const h = para.match(/^(#{1,6})\s+(.+)$/);
    if (h && !para.includes('\n')) {
      flush(false);
      heading = h[2]!.trim().slice(0, 200);
      continue;
    }
    for (const piece of splitLong(para)) {
      if (size > 0 && size + piece.length > TARGET) flush(true);
      buf.push(piece);
      size += piece.length;
    }
  }
  flush(false);
  return out;
}

function splitLong(para: string): string[] {
  if (para.length <= TARGET) return [para];
  const sentences = para.match(/[^.!?。\n]+[.!?。]?\s*|\n/g) ?? [para];
  const pieces: string[] = [];
  let cur = '';
  for (const s of sentences) {
    if (cur.length + s.length > TARGET && cur) {
      pieces.push(cur.trim());
      cur = '';
    }
    // A "sentence" longer than the target (a run without punctuation) is cut hard.
    if (s.length > TARGET) for (let i = 0; i < s.length; i += TARGET) pieces.push(s.slice(i, i + TARGET));
    else cur += s;
  }
  if (cur.trim()) pieces.push(cur.trim());
  return pieces;
}

const STOP = new Set(
  'a an and are as at be by can de did do does for from has have how i if in is it its me my no not of on or our so that the their them then there these they this to was we were what when where which who whom why will with would you your 은 는 이 가 을 를 의 에 에서 와 과 도 로 으로 무엇 무엇인가요 무엇입니까 어디 어떻게 언제 누구 왜 알려줘 알려주세요'.split(' '),
);
const HANGUL = /[\uac00-\ud7a3]/;
/** Korean question words and endings: as two-syllable prefixes they match nearly every chunk. */
const KO_STOP_PREFIX = new Set(['하나', '있나', '인가', '입니', '합니', '어디', '무엇', '언제', '누가', '누구', '어떻', '어느', '왜', '몇', '월에', '알려', '주세', '되나', '되어', '하는', '있는', '에서', '이다', '있습']);

/**
 * The question as an OR of its words for `to_tsquery('simple', …)`: common words dropped, and a
 * Korean word also matched by its first two syllables as a prefix, since the `simple` parser keeps
 * particles on the word (`수도는` must find `수도입니다`).
 */
export function questionQuery(question: string): string {
  const words = question
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !STOP.has(w));
  const terms = new Set<string>();
  for (const w of words) {
    if (HANGUL.test(w) && w.length >= 2) {
      if (!KO_STOP_PREFIX.has(w.slice(0, 2))) terms.add(`${w.slice(0, 2)}:*`);
    }
    else if (w.length >= 2 || /\d/.test(w)) terms.add(w.length >= 5 && !/\d/.test(w) ? `${w.slice(0, Math.max(4, w.length - 2))}:*` : w);
  }
  return [...terms].map((t) => (t.endsWith(':*') ? `'${t.slice(0, -2).replace(/'/g, '')}':*` : `'${t.replace(/'/g, '')}'`)).join(' | ');
}

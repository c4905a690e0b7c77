import { afterEach, describe, expect, it } from 'vitest';
import { createParserPool, DEFAULT_FILE_PARSING, type ParserPool } from './parser-pool';
import { makeDocx, makeDocxOf } from './test-fixtures';

// The parser threads (decision 045): a file that takes a thread's memory or time ends that thread
// alone; the file is refused as too large and the next file is read by a new thread.
let pool: ParserPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});
const fine = () => new Uint8Array(makeDocx(['# Fine', 'A small document.']));

describe('parser pool', () => {
  it('refuses a file that needs more than a thread’s heap, and reads the next one', { timeout: 120_000 }, async () => {
    const logged: string[] = [];
    pool = createParserPool({ ...DEFAULT_FILE_PARSING, threads: 1, memoryMb: 64 }, (line) => logged.push(line));
    // 3,000 paragraphs of 2,000 characters: within every cap, but the DOCX library's tree of it is far past 64 MB.
    const hungry = makeDocxOf(`<w:p><w:r><w:t>${'word '.repeat(400)}</w:t></w:r></w:p>`.repeat(3000));
    expect(await pool.parse('docx', new Uint8Array(hungry))).toEqual({ ok: false, reason: 'too_large', message: 'The file needs more memory to read than a file may use' });
    const next = await pool.parse('docx', fine());
    expect(next.ok && next.parsed.text).toContain('A small document.');
  });

  it('ends a parse past the wall-time limit, and reads the next one', { timeout: 120_000 }, async () => {
    // A heap far above what the parse reaches in 2 s, so that the clock ends it, not the memory
    // cap (on a quiet machine the default 512 MB ran out before 10 s did).
    pool = createParserPool({ ...DEFAULT_FILE_PARSING, threads: 1, timeoutSeconds: 2, memoryMb: 4096 }, () => {});
    // 250,000 empty paragraphs: one page, within every cap, and far more than 2 s of work.
    const slow = makeDocxOf('<w:p><w:r><w:t></w:t></w:r></w:p>'.repeat(250_000));
    expect(await pool.parse('docx', new Uint8Array(slow))).toEqual({ ok: false, reason: 'too_large', message: 'The file takes longer than 2 s to read' });
    const next = await pool.parse('docx', fine());
    expect(next.ok && next.parsed.text).toContain('A small document.');
  });

  it('closes with a parse running: the parse is ended, not waited for', { timeout: 120_000 }, async () => {
    pool = createParserPool({ ...DEFAULT_FILE_PARSING, threads: 1 }, () => {});
    const running = pool.parse('docx', new Uint8Array(makeDocxOf('<w:p><w:r><w:t></w:t></w:r></w:p>'.repeat(120_000))));
    const outcome = running.then(
      () => 'settled',
      (err: Error) => err.message,
    );
    await new Promise((r) => setTimeout(r, 500));
    await pool.close();
    expect(await outcome).toBe('The service is temporarily unavailable; try again');
  });
});

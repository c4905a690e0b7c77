/**
 * Upload bombs (hardening item 1, decision 045): the platform in its own process takes 4 bombs
 * and 4 normal uploads at once while a probe asks `GET /api/health/` every 5 ms, one request after
 * the other. Prints each upload's answer, the health probe's p50 / p99 / max (target p99 ≤ 100 ms)
 * and the platform's RSS: before, at its peak, once the normal files are parsed and once the parser
 * threads have ended (target: back within 100 MB of before).
 *
 * The bombs: a DOCX whose word/document.xml expands to 200 MB (its zip declaring it, then the
 * same zip declaring 1,000 bytes) and an XLSX of 1,000,000 rows (the same two ways).
 *
 *   npx tsx bench/upload-bombs.ts [--database-url postgres://…]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { declareSize, makeDocx, makeDocxOf, makePdf, makeXlsx, makeXlsxRows } from '../apps/api/src/modules/files/test-fixtures';
import { percentile, rssMb, startPlatform } from './lib';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });

/** A DOCX whose document part is `mb` MB of empty paragraphs (made as bytes: no string that long). */
function docxBomb(mb: number): Buffer {
  const unit = strToU8('<w:p/>');
  const body = new Uint8Array(Math.floor((mb * 1024 * 1024) / unit.length) * unit.length);
  for (let i = 0; i < body.length; i += unit.length) body.set(unit, i);
  // A small DOCX's other parts, with the document part replaced by the bomb's.
  const parts = unzipSync(makeDocxOf(''));
  const head = strToU8('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>');
  const tail = strToU8('</w:body></w:document>');
  const xml = new Uint8Array(head.length + body.length + tail.length);
  xml.set(head, 0);
  xml.set(body, head.length);
  xml.set(tail, head.length + body.length);
  return Buffer.from(zipSync({ ...parts, 'word/document.xml': [xml, { level: 9 }] }));
}

const kb = (b: Buffer) => `${(b.length / 1024).toFixed(0)} KB`;
const docx200 = docxBomb(200);
const xlsx1m = makeXlsxRows(1_000_000);
const bombs = [
  { name: 'bomb-declared.docx', bytes: docx200 },
  { name: 'bomb-lying.docx', bytes: declareSize(docx200, 'word/document.xml', 1000) },
  { name: 'rows-declared.xlsx', bytes: xlsx1m },
  { name: 'rows-lying.xlsx', bytes: declareSize(xlsx1m, 'xl/worksheets/sheet1.xml', 1000) },
];
const normal = [
  { name: 'report.pdf', bytes: makePdf(Array.from({ length: 30 }, (_, i) => `Page ${i + 1} of the quarterly report`)) },
  { name: 'policy.docx', bytes: makeDocx(Array.from({ length: 400 }, (_, i) => (i % 20 === 0 ? `# Section ${i / 20 + 1}` : `Paragraph ${i}: refunds are paid within fourteen days of a written request.`))) },
  { name: 'prices.xlsx', bytes: await makeXlsx({ Prices: Array.from({ length: 1000 }, (_, i) => [`item ${i}`, i * 3, 'in stock']) }) },
  { name: 'notes.md', bytes: Buffer.from(`# Notes\n\n${'A line of meeting notes about the launch plan.\n'.repeat(4000)}`) },
];
console.log(`bombs: ${bombs.map((b) => `${b.name} ${kb(b.bytes)}`).join(', ')}`);
console.log(`normal: ${normal.map((b) => `${b.name} ${kb(b.bytes)}`).join(', ')}`);

// The upstream is never called: uploads do not reach the model.
const platform = await startPlatform('http://127.0.0.1:9/v1', values['database-url']);
const base = `http://127.0.0.1:${platform.port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const health = () =>
  new Promise<number>((resolve, reject) => {
    const start = performance.now();
    http.get(`${base}/api/health/`, { agent }, (res) => res.resume().on('end', () => resolve(performance.now() - start))).on('error', reject);
  });
const upload = async (f: { name: string; bytes: Buffer }) => {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(f.bytes)]), f.name);
  const start = performance.now();
  const res = await fetch(`${base}/api/files/?should_expire=true`, { method: 'POST', headers: platform.headers, body: form });
  const body = (await res.json()) as { items?: Array<{ id: number }>; error?: { code: string; message: string } };
  return { name: f.name, status: res.status, ms: performance.now() - start, ids: body.items?.map((i) => i.id) ?? [], error: body.error };
};
const parsed = async (ids: number[]) => {
  for (;;) {
    const res = await fetch(`${base}/api/files/progress?file_ids=${ids.join(',')}`, { headers: platform.headers });
    const items = ((await res.json()) as { items: Array<{ status: string }> }).items;
    if (items.every((i) => i.status !== 'queued' && i.status !== 'parsing')) return items.map((i) => i.status);
    await new Promise((r) => setTimeout(r, 100));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  // Warm-up: the route, multipart and a parser thread loaded once; then the thread idles out.
  const warm = await upload({ name: 'warm.txt', bytes: Buffer.from('warm up') });
  await parsed(warm.ids);
  for (let i = 0; i < 20; i += 1) await health();
  await sleep(12_000);
  const before = rssMb(platform.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(platform.pid))), 20);

  const latencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      latencies.push(await health());
      await sleep(5);
    }
  })();
  const start = performance.now();
  const answers = await Promise.all([...bombs, ...normal].map(upload));
  const uploadedMs = performance.now() - start;
  const statuses = await parsed(answers.flatMap((a) => a.ids));
  const parsedMs = performance.now() - start;
  probing = false;
  await probe;
  clearInterval(sampler);
  const afterParse = rssMb(platform.pid);
  // The parser threads end 10 s after their last file: what they held goes back to the system.
  await sleep(15_000);
  const settled = rssMb(platform.pid);

  for (const a of answers) console.log(`  ${a.name}: ${a.status}${a.error ? ` ${a.error.code} (${a.error.message})` : ''} in ${a.ms.toFixed(0)} ms`);
  console.log(`normal files parsed: ${statuses.join(', ')}; all answered in ${(uploadedMs / 1000).toFixed(2)} s, parsed in ${(parsedMs / 1000).toFixed(2)} s`);
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`health during the load: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target p99 ≤ 100 ms)`);
  console.log(`platform RSS: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after parsing ${afterParse.toFixed(0)} MB, 15 s later ${settled.toFixed(0)} MB (${settled - before >= 0 ? '+' : ''}${(settled - before).toFixed(0)} MB; target within 100 MB)`);
} finally {
  agent.destroy();
  platform.child.kill('SIGTERM');
}

/**
 * Streaming upload (issue 25 item 2): a --mb MB file (default 49.9, just under the default 50 MB
 * limit) through `POST /api/files/` of the platform in its own process, the bench sending it from
 * disk as it reads it. Samples the platform's RSS every 10 ms: before, the peak during the upload,
 * and after; the peak growth must stay far below the file's size (the file never sits in memory).
 * The file is a PNG of noise (kept as an image, not parsed, so only the upload path is measured).
 *
 *   npx tsx bench/upload.ts [--mb 49.9] [--database-url postgres://…]
 */
import { openAsBlob } from 'node:fs';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { rssMb, startPlatform } from './lib';

const { values } = parseArgs({ options: { mb: { type: 'string', default: '49.9' }, 'database-url': { type: 'string' } } });
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
const file = path.join(dir, 'noise.png');
// Uncompressed noise: the PNG is about width × height × 3 bytes.
const side = Math.floor(Math.sqrt((Number(values.mb) * 1024 * 1024) / 3)) - 8;
await sharp({ create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
  .png({ compressionLevel: 0 })
  .toFile(file);
const size = statSync(file).size;
// The upstream is never called: uploads do not reach the model.
const platform = await startPlatform('http://127.0.0.1:9/v1', values['database-url']);
const filesUrl = platform.chatUrl.replace(/\/api\/chatbots\/.*$/, '/api/files/?should_expire=true');
try {
  const upload = async (from = file) => {
    const form = new FormData();
    form.append('files', await openAsBlob(from, { type: 'image/png' }), 'noise.png');
    const res = await fetch(filesUrl, { method: 'POST', headers: platform.headers, body: form });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return (await res.json()) as { items: Array<{ id: number; size: number }> };
  };
  // A small upload first: the route, multipart, storage and sharp (libvips, for the image check) are loaded before measuring.
  const small = path.join(dir, 'small.png');
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .png()
    .toFile(small);
  await upload(small);
  await new Promise((r) => setTimeout(r, 500));
  for (let round = 1; round <= 3; round += 1) {
    const before = rssMb(platform.pid);
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(platform.pid))), 10);
    const start = performance.now();
    const out = await upload();
    const ms = performance.now() - start;
    clearInterval(timer);
    peak = Math.max(peak, rssMb(platform.pid));
    const after = rssMb(platform.pid);
    console.log(
      `upload ${round}: ${(size / 1024 / 1024).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s (${(size / 1024 / 1024 / (ms / 1000)).toFixed(0)} MB/s); platform RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB), after ${after.toFixed(0)} MB; stored ${out.items[0]!.size} bytes`,
    );
  }
} finally {
  platform.child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

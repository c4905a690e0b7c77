// Initial JavaScript for /dashboard/chat, gzip: the entry chunk, the route chunks that page needs
// (dashboard layout, chat page) and everything they import statically — not the lazy chunks
// (markdown renderer with highlighting, admin console, other pages). Run after the web build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const BUDGET_KB = 200;
const ROUTE_CHUNKS = ['src/app/dashboard-layout.tsx', 'src/app/pages/chat-page.tsx'];

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) collect(dep, seen);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = new Set();
collect(entryKey, initial);
const entryOnly = new Set(initial);
for (const r of ROUTE_CHUNKS) {
  if (!manifest[r]) throw new Error(`route chunk ${r} missing from the manifest`);
  collect(r, initial);
}
const sum = (keys) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0);
const kb = (n) => (n / 1024).toFixed(1);
const total = sum(initial);

console.log('Initial JavaScript for /dashboard/chat (gzip):');
for (const k of [...initial].sort((a, b) => gz(manifest[b].file) - gz(manifest[a].file))) {
  console.log(`  ${kb(gz(manifest[k].file)).padStart(7)} KB  ${manifest[k].file}`);
}
console.log(`  entry graph alone: ${kb(sum(entryOnly))} KB`);
console.log(`  TOTAL: ${kb(total)} KB (budget ${BUDGET_KB} KB) — ${total / 1024 <= BUDGET_KB ? 'within budget' : 'OVER BUDGET'}`);
const lazy = Object.keys(manifest).filter((k) => manifest[k].file.endsWith('.js') && !initial.has(k) && !k.endsWith('.json'));
console.log('Lazy chunks (not in the initial load):');
for (const k of lazy.sort((a, b) => gz(manifest[b].file) - gz(manifest[a].file)).slice(0, 12)) {
  console.log(`  ${kb(gz(manifest[k].file)).padStart(7)} KB  ${manifest[k].file}${manifest[k].src ? `  (${manifest[k].src})` : ''}`);
}

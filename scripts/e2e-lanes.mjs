// The browser tests in lanes side by side (`npm test`; docs/decisions/042): each lane is its own
// `playwright test` process with its own API server, fake upstreams, data and results folders
// (playwright.config.ts `E2E_LANE`), on its share of the spec files. A spec file runs whole in one
// lane, in the order Playwright gives it; the files are dealt out by the time each took in a full
// run, so the lanes end together. A file not in the table counts as DEFAULT_SECONDS.
//
//   node scripts/e2e-lanes.mjs            two lanes (E2E_LANES=1: the whole suite on one server)
//   node scripts/e2e-lanes.mjs --list     which files each lane runs, and its expected time
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { root, runPrefixed } from './lib.mjs';

/**
 * Seconds each spec file took in a full single-lane run on the CI machine (2 cores, 2026-11-27).
 * The deal they give is the one the last passing full runs used: re-dealing from newer figures
 * put specs after others they had not followed before, and three tests failed (decision 042).
 */
const SECONDS = {
  'accessibility.spec.ts': 59,
  'accounts.spec.ts': 71,
  'admin-announcements.spec.ts': 18,
  // About 40 s; a nominal weight deals it last (like payple.spec.ts), so the other files keep the
  // lanes of the passing runs.
  'agent-tools.spec.ts': 1,
  'admin-dashboard.spec.ts': 36,
  'admin-members.spec.ts': 57,
  'audit-log.spec.ts': 34,
  'auth.spec.ts': 25,
  'billing.spec.ts': 36,
  'bulk-invite.spec.ts': 55,
  'chat-attachments.spec.ts': 16,
  'chat-images.spec.ts': 26,
  'chat-settings.spec.ts': 32,
  'chat.spec.ts': 45,
  'chatbot-publishing.spec.ts': 35,
  'credit-warnings.spec.ts': 14,
  'credits-depletion.spec.ts': 16,
  'developers.spec.ts': 30,
  'group-change.spec.ts': 38,
  'member-groups.spec.ts': 89,
  'navigation.spec.ts': 16,
  'offline-demo.spec.ts': 15,
  'paging.spec.ts': 7,
  // Its own API server and Payple double (about 35 s); a nominal weight deals it last, so the
  // other files keep the lanes of the passing runs.
  'payple.spec.ts': 1,
  'privacy-mask.spec.ts': 11,
  'public.spec.ts': 55,
  'restricted-access.spec.ts': 77,
  'restricted-words.spec.ts': 39,
  'screens.spec.ts': 129,
  'small-screens.spec.ts': 24,
  'sso.spec.ts': 60,
  'store.spec.ts': 34,
  'studio.spec.ts': 52,
  'task-modes.spec.ts': 28,
  'titles-and-release-notes.spec.ts': 13,
  'usage-cards.spec.ts': 12,
  'web-search-settings.spec.ts': 16,
  'xss.spec.ts': 48,
};
const DEFAULT_SECONDS = 20;

/** The spec files dealt to `count` lanes: the longest first, each to the lane with the least so far. */
export function dealLanes(files, count) {
  const lanes = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  const weight = (f) => SECONDS[f] ?? DEFAULT_SECONDS;
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lane = lanes.reduce((min, l) => (l.seconds < min.seconds ? l : min));
    lane.files.push(f);
    lane.seconds += weight(f);
  }
  for (const l of lanes) l.files.sort();
  return lanes;
}

const specFiles = () => readdirSync(path.join(root, 'e2e')).filter((f) => f.endsWith('.spec.ts')).sort();

/** One lane's `playwright test`, its output lines prefixed with the lane; resolves with its exit code. */
const runLane = (n, files, env) => runPrefixed('npx', ['playwright', 'test', ...files.map((f) => `e2e/${f}`)], `[lane ${n}] `, { ...env, E2E_LANE: String(n) });

/** Runs the lanes side by side; resolves with 0 when every lane passed. */
export async function runE2eLanes(count, env = {}) {
  const lanes = dealLanes(specFiles(), count);
  lanes.forEach((l, i) => console.log(`lane ${i + 1}: ${l.files.length} files, about ${Math.round(l.seconds)} s: ${l.files.join(' ')}`));
  const started = Date.now();
  // Lanes 1…n: lane 0 (the default of a plain `npx playwright test`) keeps its own ports and folders.
  const codes = await Promise.all(lanes.map((l, i) => runLane(i + 1, l.files, env)));
  const failed = codes.flatMap((c, i) => (c === 0 ? [] : [i + 1]));
  console.log(`\nbrowser tests: ${count} lanes in ${Math.round((Date.now() - started) / 1000)} s${failed.length ? `; lane ${failed.join(', ')} failed` : ''}`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const count = Math.max(1, Number(process.env.E2E_LANES ?? 2));
  if (process.argv.includes('--list')) {
    dealLanes(specFiles(), count).forEach((l, i) => console.log(`lane ${i + 1} (about ${Math.round(l.seconds)} s): ${l.files.join(' ')}`));
  } else {
    process.exit(await runE2eLanes(count));
  }
}

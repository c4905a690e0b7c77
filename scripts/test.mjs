// `npm test`: everything CI runs — lint, typecheck, unit and API tests (PGlite, and the real
// PostgreSQL server when TEST_DATABASE_URL is set), then browser tests in Debian's Chromium.
import { existsSync } from 'node:fs';
import { runE2eLanes } from './e2e-lanes.mjs';
import { ensureInstalled, run, runOnSupportedNode, runPrefixed } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Korean and Japanese text in the screenshots needs CJK fonts, also where chromium came without them. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

function ensureChromium() {
  if (existsSync(chromium) && (process.env.CHROMIUM_PATH || existsSync(CJK_FONT))) return;
  console.log('Installing Debian chromium and CJK fonts for the browser tests…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']);
}

const started = Date.now();
const clock = () => {
  const s = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
/** Runs the commands at once, each one's lines prefixed with its label; exits when any failed. */
async function runTogether(commands) {
  const codes = await Promise.all(commands.map(([label, cmd, args]) => runPrefixed(cmd, args, `[${label}] `)));
  const failed = commands.filter((_, i) => codes[i] !== 0);
  for (const [label, cmd, args] of failed) console.error(`\n✗ ${label}: ${cmd} ${args.join(' ')} failed`);
  if (failed.length) process.exit(1);
}

// Each step says when it began, so a slow run shows which part grew.
const step = (name) => console.log(`\n▶ ${name} (at ${clock()})`);

ensureInstalled();
await runOnSupportedNode();
console.log(`Node ${process.versions.node} (${process.execPath})`);
ensureChromium();
step('lint and typecheck');
// Each is one busy thread: side by side on two cores.
await runTogether([
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', 'typecheck']],
]);
step('unit and API tests (embedded PGlite)');
run('npx', ['vitest', 'run'], { env: { TEST_DATABASE_URL: '' } });
// The browser tests' production build is made beside the PostgreSQL pass, whose test files wait on
// the server much of the time.
const build = ['web build', 'npm', ['run', 'build', '-w', 'apps/web']];
if (process.env.TEST_DATABASE_URL) {
  step(`API tests on the PostgreSQL server (${new URL(process.env.TEST_DATABASE_URL).host}), and the web build`);
  // The tenant command's tests open an embedded database folder of their own whatever the server:
  // they ran above, and run once.
  // The schema fuzzer and the access matrix test HTTP behaviour generated from the OpenAPI
  // document, the same on either database, and the code interpreter's sandbox uses none: they
  // run once, on PGlite above.
  await runTogether([
    ['api on postgres', 'npx', ['vitest', 'run', '--project', 'api', '--exclude', 'src/cli/**', '--exclude', 'src/test/fuzz.test.ts', '--exclude', 'src/test/access-matrix.test.ts', '--exclude', 'src/modules/tools/code-interpreter/code-interpreter.test.ts']],
    build,
  ]);
} else {
  step('web build');
  run(build[1], build[2]);
}
step('browser tests (Chromium, production build)');
// Two lanes side by side, each with its own server (scripts/e2e-lanes.mjs); E2E_LANES=1 for one.
const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 2));
if ((await runE2eLanes(lanes, { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROMIUM_PATH: chromium })) !== 0) {
  console.error('\n✗ browser tests failed');
  process.exit(1);
}
console.log(`\n✓ all tests passed in ${clock()}`);

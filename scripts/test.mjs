// `npm test`: everything CI runs — lint, typecheck, unit and API tests (PGlite, and the real
// PostgreSQL server when TEST_DATABASE_URL is set), then browser tests in Debian's Chromium.
import { existsSync } from 'node:fs';
import { ensureInstalled, ensureWebBuilt, run, runOnSupportedNode } from './lib.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return;
  console.log('Installing Debian chromium for the browser tests…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']);
}

const step = (name) => console.log(`\n▶ ${name}`);

ensureInstalled();
await runOnSupportedNode();
console.log(`Node ${process.versions.node} (${process.execPath})`);
ensureChromium();
step('lint');
run('npx', ['eslint', '.', '--max-warnings=0']);
step('typecheck');
run('npm', ['run', 'typecheck']);
step('unit and API tests (embedded PGlite)');
run('npx', ['vitest', 'run'], { env: { TEST_DATABASE_URL: '' } });
if (process.env.TEST_DATABASE_URL) {
  step(`API tests on the PostgreSQL server (${new URL(process.env.TEST_DATABASE_URL).host})`);
  // The tenant command's tests open an embedded database folder of their own whatever the server:
  // they ran above, and run once.
  // The schema fuzzer and the access matrix test HTTP behaviour generated from the OpenAPI
  // document, the same on either database: they run once, on PGlite above.
  run('npx', ['vitest', 'run', '--project', 'api', '--exclude', 'src/cli/**', '--exclude', 'src/test/fuzz.test.ts', '--exclude', 'src/test/access-matrix.test.ts']);
}
step('browser tests (Chromium, production build)');
ensureWebBuilt(true);
run('npx', ['playwright', 'test'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROMIUM_PATH: chromium } });
console.log('\n✓ all tests passed');

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The oldest Node the project runs on (package.json `engines`, docs/decisions/019). */
const MIN_NODE = [22, 12];
/** The Node pinned in package.json (the registry's `node` package), put there by npm install. */
const pinnedNode = path.join(root, 'node_modules', '.bin', 'node');
/** Set in the re-run process: a second re-run would be a loop. */
const RERUN_MARKER = 'CHATBOT_PLATFORM_NODE_RERUN';

export function isSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

/**
 * When this Node is older than 22.12 (a machine's system Node, which `npm start` / `npm test`
 * find on a fresh clone before node_modules/.bin/node exists), runs this same script again under
 * the pinned Node (node_modules/.bin/node) and ends with its exit code or signal: the returned
 * promise then never settles, so `await` it before doing anything else. Otherwise returns at once.
 * Call after ensureInstalled(). The re-run sees node_modules/.bin first on its PATH, so the `node`,
 * `npx` and `npm` it starts run on the pinned Node too.
 */
export function runOnSupportedNode() {
  if (isSupportedNode()) return Promise.resolve();
  const need = `Node ≥ ${MIN_NODE.join('.')}`;
  if (process.env[RERUN_MARKER]) {
    console.error(`✗ ${process.execPath} is Node ${process.versions.node} after re-running under ${pinnedNode} (from Node ${process.env[RERUN_MARKER]}); the project needs ${need}.`);
    process.exit(1);
  }
  if (!existsSync(pinnedNode)) {
    console.error(`✗ Node ${process.versions.node} is older than ${need} and node_modules/.bin/node is missing: the \`node\` package's install script, which fetches the binary, did not run. Run \`npm rebuild node\`, or install ${need}.`);
    process.exit(1);
  }
  console.log(`Node ${process.versions.node} is older than ${need}: running again under the pinned Node (node_modules/.bin/node).`);
  const bin = path.dirname(pinnedNode);
  const PATH = [bin, ...(process.env.PATH ?? '').split(path.delimiter).filter((p) => p && p !== bin)].join(path.delimiter);
  const child = spawn(pinnedNode, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH, [RERUN_MARKER]: process.versions.node, npm_node_execpath: pinnedNode, NODE: pinnedNode },
  });
  // A signal sent to this process alone (kill <pid>) is passed on, once per kind: Ctrl-C already
  // reaches the whole process group, and a process given SIGINT twice may not shut down cleanly.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const passed = new Set();
  const pass = (signal) => {
    if (passed.has(signal)) return;
    passed.add(signal);
    child.kill(signal);
  };
  for (const signal of signals) process.on(signal, pass);
  return new Promise(() => {
    child.on('error', (err) => {
      console.error(`✗ could not run ${pinnedNode}: ${err.message}`);
      process.exit(1);
    });
    child.on('exit', (code, signal) => {
      if (signal) {
        // End by the same signal, as a shell reports it; exit 128 + its number if it is ignored here.
        for (const s of signals) process.off(s, pass);
        process.kill(process.pid, signal);
        setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 100);
        return;
      }
      process.exit(code ?? 1);
    });
  });
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/**
 * Runs a command beside others: its output lines as they come, each prefixed (`[lane 1] `,
 * `[lint] `) so interleaved output stays readable. Resolves with its exit code (1 on a signal or
 * when it cannot start).
 */
export function runPrefixed(cmd, args, prefix, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(prefix + line + '\n');
      });
      stream.on('end', () => rest && process.stdout.write(prefix + rest + '\n'));
    }
    child.on('error', (err) => {
      console.error(`${prefix}could not start: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund'], { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
}

/** Builds the web app when its sources (or the contracts) are newer than the build. */
export function ensureWebBuilt(force = false) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'apps/web')),
    newestMtime(path.join(root, 'packages/contracts/src')),
  );
  if (!force && existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  run('npm', ['run', 'build', '-w', 'apps/web']);
}

/**
 * Node flags of the API process: V8's young generation at the size it had up to Node 22 (Node 24's
 * larger one cost 200 MB resident idle; docs/decisions/024). apps/api/src/platform/gc-tuning.ts
 * sets it at run time too, for a process started without these flags, less effectively.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * Environment of the API process: glibc's malloc arenas capped at two (docs/decisions/045). Every
 * parser thread otherwise gets an arena of its own whose freed pages stay resident after the
 * thread ends: after four upload bombs and four normal uploads RSS stayed 230 MB above its start,
 * 75 MB with the cap (bench/upload-bombs.ts). An operator's own setting wins.
 */
export const API_ENV = { MALLOC_ARENA_MAX: '2' };
/** `process.env` with `API_ENV` under it, for spawning the API process. */
export const apiEnv = () => ({ ...API_ENV, ...process.env });

// `npm start`: install what is missing, build, then serve (migrations and the demo seed run at start-up).
import { spawn } from 'node:child_process';
import { API_NODE_FLAGS, apiEnv, ensureInstalled, ensureWebBuilt, root, runOnSupportedNode } from './lib.mjs';

ensureInstalled();
await runOnSupportedNode();
// WEB_DIST names a web build of the operator's own (or none): the repository's is not served, so not built.
if (!process.env.WEB_DIST) ensureWebBuilt();
const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', cwd: root, env: apiEnv() });
// A signal sent to this process alone (kill <pid>) is passed on; one sent to the process group
// (systemd, Ctrl-C) reaches the API process too, which then gets it twice: it ignores repeats
// while it shuts down (apps/api/src/main.ts, decision 040). This process stays until it exits.
const passed = new Set();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (passed.has(signal)) return;
    passed.add(signal);
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

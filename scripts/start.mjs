// `npm start`: install what is missing, build, then serve (migrations and the demo seed run at start-up).
import { spawn } from 'node:child_process';
import { API_NODE_FLAGS, ensureInstalled, ensureWebBuilt, root, runOnSupportedNode } from './lib.mjs';

ensureInstalled();
await runOnSupportedNode();
ensureWebBuilt();
const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

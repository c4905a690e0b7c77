// `npm run dev`: the API (restarting on change) and Vite with its /api proxy, together.
import { spawn } from 'node:child_process';
import { API_NODE_FLAGS, apiEnv, ensureInstalled, root, runOnSupportedNode } from './lib.mjs';

ensureInstalled();
await runOnSupportedNode();
const children = [
  spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', '--watch', 'apps/api/src/main.ts'], { stdio: 'inherit', cwd: root, env: apiEnv() }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', () => { stop(); process.exit(0); }));

// `npm run bench`: every benchmark in turn; each prints its own figures. Not part of `npm test`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runOnSupportedNode } from '../scripts/lib.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });

await runOnSupportedNode();

console.log('\n== bundle size (builds the web app) ==');
run('npm', ['run', 'build', '-w', 'apps/web']);
run(process.execPath, ['bench/bundle-size.mjs']);
console.log('\n== chat overhead ==');
run(process.execPath, ['--import', 'tsx', 'bench/chat-overhead.ts', ...process.argv.slice(2)]);
console.log('\n== open streams ==');
run(process.execPath, ['--import', 'tsx', 'bench/streams.ts']);
console.log('\n== console member list at 100,000 members ==');
run(process.execPath, ['--import', 'tsx', 'bench/members-list.ts']);
console.log('\n== store at 10,000 chatbots ==');
run(process.execPath, ['--import', 'tsx', 'bench/store.ts']);
console.log('\n== bulk invite of 10,000 rows ==');
run(process.execPath, ['--import', 'tsx', 'bench/bulk-invite.ts']);
console.log('\n== restricted words and personal data ==');
run(process.execPath, ['--import', 'tsx', 'bench/restricted-words.ts']);
run(process.execPath, ['--import', 'tsx', 'bench/personal-data.ts']);
console.log('\n== sign-in timing (account enumeration) ==');
run(process.execPath, ['--import', 'tsx', 'bench/sign-in-timing.ts']);
console.log('\n== code interpreter: cold and warm start ==');
run(process.execPath, ['--import', 'tsx', 'bench/code-interpreter.ts']);

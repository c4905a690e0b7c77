// A parser thread of the pool (parser-pool.ts, decision 045). Plain JavaScript, as the database's
// worker (db/pglite-worker.mjs): a worker thread starts without the TypeScript loader under tsx,
// Vitest and plain Node alike, so this file registers tsx on its own thread, then loads the tasks.
import { register } from 'tsx/esm/api';

register();
const { runParseTask } = await import('./parse-tasks.ts');

export default runParseTask;

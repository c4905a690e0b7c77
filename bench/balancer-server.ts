/**
 * The scale-out tests' round-robin balancer (apps/api/src/test/instances.ts) as a process of its
 * own, for benchmarks: `--target <url>` per instance. Prints one JSON line {port} when ready.
 */
import { parseArgs } from 'node:util';
import { startBalancer } from '../apps/api/src/test/instances';

const { values } = parseArgs({ options: { target: { type: 'string', multiple: true } } });
const balancer = await startBalancer(values.target ?? []);
console.log(JSON.stringify({ port: Number(new URL(balancer.url).port) }));
process.on('SIGTERM', () => void balancer.close().finally(() => process.exit(0)));

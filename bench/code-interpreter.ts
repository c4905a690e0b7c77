/**
 * The code interpreter's cold and warm start (decision 051). Cold: no spare is kept, so each run
 * starts its sandboxed process and loads Pyodide, as the first run after the platform starts.
 * Warm: the pool's spare is loaded before the run (as between a chat's messages), so the run pays
 * only the hand-over, its code and the process' end. Each is timed from `run()` to its result,
 * --runs times, for a trivial `print` and for a CSV summary that reads an attached --rows-row CSV
 * and writes one back. Also prints a loaded spare's resident memory.
 *
 *   npx tsx bench/code-interpreter.ts [--runs 5] [--rows 1000] [--namespace auto|off]
 */
import { parseArgs } from 'node:util';
import { createCodeRunner, type CodeInterpreterPool } from '../apps/api/src/modules/tools/code-interpreter/index';
import { percentile, rssMb } from './lib';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, rows: { type: 'string', default: '1000' }, namespace: { type: 'string', default: 'auto' } } });
const RUNS = Number(values.runs);
const ROWS = Number(values.rows);
const NAMESPACE = values.namespace === 'off' ? 'off' : 'auto';

const csv = `region,amount\n${Array.from({ length: ROWS }, (_, i) => `${['Seoul', 'Busan', 'Daegu', 'Incheon'][i % 4]},${(i * 37) % 1000}`).join('\n')}\n`;
const csvCode = `import csv, statistics
rows = list(csv.DictReader(open("sales.csv")))
amounts = [float(r["amount"]) for r in rows]
print(len(rows), statistics.mean(amounts), statistics.median(amounts))
totals = {}
for r in rows:
    totals[r["region"]] = totals.get(r["region"], 0) + float(r["amount"])
with open("by_region.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["region", "total"])
    w.writerows(sorted(totals.items()))
`;
const cases = [
  { label: 'print(1)', code: 'print(1)', files: [] },
  { label: `CSV summary (${ROWS} rows in, 1 file out)`, code: csvCode, files: [{ name: 'sales.csv', data: new TextEncoder().encode(csv) }] },
];

function runner(warmSpares: number): CodeInterpreterPool {
  return createCodeRunner({ timeoutSeconds: 60, memoryMb: 256, maxOutputBytes: 65536, maxOutputFiles: 10, maxOutputFileBytes: 10 * 1024 * 1024, maxConcurrent: 1, warmSpares, networkNamespace: NAMESPACE });
}

async function timed(pool: CodeInterpreterPool, code: string, files: Array<{ name: string; data: Uint8Array }>): Promise<number> {
  const started = performance.now();
  const result = await pool.run({ code, files, signal: new AbortController().signal });
  const took = performance.now() - started;
  if (result.error) throw new Error(result.error);
  return took;
}

function report(label: string, took: number[]): void {
  const sorted = [...took].sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   max ${sorted.at(-1)!.toFixed(0).padStart(5)} ms   (${RUNS} runs)`);
}

const cold = runner(0);
const warm = runner(1);
try {
  await warm.warm();
  const [sparePid] = warm.pids();
  console.log(`network namespace: ${NAMESPACE}; a loaded spare's RSS: ${sparePid === undefined ? '?' : rssMb(sparePid).toFixed(0)} MB`);
  for (const { label, code, files } of cases) {
    const coldTook: number[] = [];
    for (let i = 0; i < RUNS; i++) coldTook.push(await timed(cold, code, files));
    report(`cold  ${label}`, coldTook);
    const warmTook: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await warm.warm();
      warmTook.push(await timed(warm, code, files));
    }
    report(`warm  ${label}`, warmTook);
  }
} finally {
  await Promise.all([cold.close(), warm.close()]);
}

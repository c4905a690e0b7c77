import v8 from 'node:v8';

/** The old generation may grow to twice what survived the last full collection before the next one. */
const HEAP_GROWING_PERCENT = 100;
/**
 * Each of the young generation's semi-spaces stays at 16 MB, V8's size up to Node 22: Node 24's
 * V8 grows them further, which cost 200 MB of resident memory idle and put 10,000 open streams
 * over 1 GB (bench/streams.ts: idle 761 → 549 MB, 10,000 streams 1,075 → 833 MB).
 */
const MAX_SEMI_SPACE_MB = 16;

const given = (flag: string) =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith(flag) || a.startsWith(flag.replaceAll('-', '_').replace(/^__/, '--')));

/**
 * Garbage-collection settings of the API process (docs/decisions/018). Every open chat stream
 * keeps its objects for seconds, so they are promoted to the old generation and die there; V8
 * sized the old generation's headroom at about a tenth of its live size, so a full collection —
 * whose incremental steps and final pause, 4–25 ms, stop every open stream — came every 3–6
 * seconds under load. With twice the live size as headroom it comes about ten times less often.
 * The young generation keeps the size it had up to Node 22 (see MAX_SEMI_SPACE_MB). A flag given on
 * the command line or in NODE_OPTIONS wins. Call first thing.
 */
export function tuneGarbageCollection(): void {
  if (!given('--heap-growing-percent')) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  if (!given('--max-semi-space-size')) v8.setFlagsFromString(`--max-semi-space-size=${MAX_SEMI_SPACE_MB}`);
}

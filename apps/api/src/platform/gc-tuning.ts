import v8 from 'node:v8';

/** The old generation may grow to twice what survived the last full collection before the next one. */
const HEAP_GROWING_PERCENT = 100;
const FLAG = '--heap-growing-percent';

/**
 * Garbage-collection settings of the API process (docs/decisions/018). Every open chat stream
 * keeps its objects for seconds, so they are promoted to the old generation and die there; V8
 * sized the old generation's headroom at about a tenth of its live size, so a full collection —
 * whose incremental steps and final pause, 4–25 ms, stop every open stream — came every 3–6
 * seconds under load. With twice the live size as headroom it comes about ten times less often.
 * A `--heap-growing-percent` given on the command line or in NODE_OPTIONS wins. Call first thing.
 */
export function tuneGarbageCollection(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith(FLAG) || a.startsWith('--heap_growing_percent'));
  if (!given) v8.setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
}

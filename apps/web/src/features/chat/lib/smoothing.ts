/** Spec §9: queued chunks are released every 50 ms; 1 per tick, 2 when more than 5 are queued, 4 above 50, 8 above 100. */
export const TICK_MS = 50;

export function chunksPerTick(queued: number): number {
  if (queued > 100) return 8;
  if (queued > 50) return 4;
  if (queued > 5) return 2;
  return 1;
}

/**
 * Smooths streamed output: `push` queues chunks as they arrive, the scheduler releases them to
 * `release` on a fixed cadence, `flush` releases everything (end or stop).
 */
export function createSmoother(release: (text: string) => void, tickMs = TICK_MS) {
  const queue: string[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const tick = () => {
    if (queue.length === 0) {
      stop();
      return;
    }
    release(queue.splice(0, chunksPerTick(queue.length)).join(''));
  };
  return {
    push(chunk: string) {
      queue.push(chunk);
      timer ??= setInterval(tick, tickMs);
    },
    flush() {
      stop();
      if (queue.length > 0) release(queue.splice(0).join(''));
    },
    /** Drops what is queued (a new send replaced this stream). */
    cancel() {
      stop();
      queue.length = 0;
    },
    get queued() {
      return queue.length;
    },
  };
}

/** Most items one batched statement writes. */
const BATCH_MAX = 500;

/**
 * Group commit, for any write that many requests make at once (the chat turn's rows, the credit
 * ledger, chatbot counters): at most one statement runs per key (a tenant, or a tenant and month). An item
 * that finds nothing running goes out at once through `one`, so nothing waits when the load is
 * low; the items that arrive while a statement runs go out together through `many` when it
 * ends. When many arrive together (a class starting at the same minute) the database writes them
 * in a fraction of the time one statement each would take (decision 014). `many` answers each
 * item with its result or an Error that fails that item alone. `many` throws only when its
 * statement wrote nothing (one statement is atomic); then its items are retried through `one`, so
 * one bad item fails alone. After a statement committed, no item is ever retried.
 */
export function groupCommit<T, R>(one: (item: T) => Promise<R>, many: (items: T[]) => Promise<Array<R | Error>>) {
  interface Waiting {
    item: T;
    resolve: (r: R) => void;
    reject: (e: unknown) => void;
  }
  /** Keys with a statement running, and the items waiting behind it. */
  const queues = new Map<string, Waiting[]>();

  async function runBatch(batch: Waiting[]) {
    let results: Array<R | Error>;
    try {
      results = await many(batch.map((w) => w.item));
    } catch {
      await Promise.all(batch.map((w) => one(w.item).then(w.resolve, w.reject)));
      return;
    }
    results.forEach((r, i) => (r instanceof Error ? batch[i]!.reject(r) : batch[i]!.resolve(r)));
  }

  function next(key: string) {
    const waiting = queues.get(key)!;
    if (waiting.length === 0) {
      queues.delete(key);
      return;
    }
    const batch = waiting.splice(0, BATCH_MAX);
    const run = batch.length === 1 ? one(batch[0]!.item).then(batch[0]!.resolve, batch[0]!.reject) : runBatch(batch);
    void run.finally(() => next(key));
  }

  return function submit(key: string, item: T): Promise<R> {
    const waiting = queues.get(key);
    if (waiting) return new Promise((resolve, reject) => waiting.push({ item, resolve, reject }));
    queues.set(key, []);
    const first = one(item);
    void first.catch(() => undefined).finally(() => next(key));
    return first;
  };
}

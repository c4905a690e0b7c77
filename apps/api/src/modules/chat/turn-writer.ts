import { closeTurn, closeTurns, flushAnswers, openTurn, openTurns, type ClosedTotals, type ClosedTurn, type OpenedTurn, type RawExecutor, type TurnToOpen } from './chat.repo';

/** Most turns one batched statement writes. */
const BATCH_MAX = 500;

/**
 * Group commit: at most one statement runs per key (a tenant, or a tenant and month). An item
 * that finds nothing running goes out at once through `one`, so nothing waits when the load is
 * low; the items that arrive while a statement runs go out together through `many` when it
 * ends. When many arrive together (a class starting at the same minute) the database writes them
 * in a fraction of the time one statement each would take (decision 014). `many` answers each
 * item with its result or an Error that fails that item alone. `many` throws only when its
 * statement wrote nothing (one statement is atomic); then its items are retried through `one`, so
 * one bad item fails alone. After a statement committed, no item is ever retried.
 */
function groupCommit<T, R>(one: (item: T) => Promise<R>, many: (items: T[]) => Promise<Array<R | Error>>) {
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

/** Opens turns (the question, the empty answer, a new session) with group commit per tenant. */
export function createTurnOpener(db: RawExecutor) {
  const submit = groupCommit<{ tenantId: number; turn: TurnToOpen }, OpenedTurn>(
    ({ tenantId, turn }) => openTurn(db, tenantId, turn),
    async (items) => (await openTurns(db, items[0]!.tenantId, items.map((i) => i.turn))).map((r) => r ?? new Error('openTurn: session vanished')),
  );
  return (tenantId: number, turn: TurnToOpen) => submit(String(tenantId), { tenantId, turn });
}

/**
 * Closes turns (the final answer, the ledger row, the monthly totals) with group commit per
 * tenant and month. A batch reports each member's total after the whole batch.
 */
export function createTurnCloser(db: RawExecutor) {
  const submit = groupCommit<{ tenantId: number; turn: ClosedTurn }, ClosedTotals>(
    ({ tenantId, turn }) => closeTurn(db, tenantId, turn),
    (items) => closeTurns(db, items[0]!.tenantId, items[0]!.turn.period, items.map((i) => i.turn)),
  );
  return (tenantId: number, turn: ClosedTurn) => submit(`${tenantId}:${turn.period}`, { tenantId, turn });
}

/**
 * An open answer: its text and reasoning so far, the one copy the stream keeps, written at the
 * flusher's next tick. A class, so that an open stream holds one small object instead of a record
 * and two closures.
 */
export class TrackedAnswer {
  text = '';
  reasoning = '';
  changed = false;

  constructor(
    readonly tenantId: number,
    readonly id: number,
    private readonly flusher: { release(a: TrackedAnswer): Promise<void> },
  ) {}

  /** Cheap: called once per token. */
  addText(delta: string): void {
    this.text += delta;
    this.changed = true;
  }

  addReasoning(delta: string): void {
    this.reasoning += delta;
    this.changed = true;
  }

  /** The reasoning as its row stores it: null when the model gave none. */
  get storedReasoning(): string | null {
    return this.reasoning || null;
  }

  /** Stops writing this answer; resolves once no write of it is still running. */
  close(): Promise<void> {
    return this.flusher.release(this);
  }
}

/**
 * Keeps the text of every open answer on disk about `everyMs` behind, so a crash loses no
 * more: one timer for the process, and at each tick ONE statement per tenant writes every answer
 * of that tenant whose text changed since the last tick — instead of one statement per answer
 * every `everyMs`, which with hundreds of long answers open was most of the database's work
 * (decision 014). A tick that finds the last one's writes still running is skipped: its answers
 * stay marked and go with the next.
 */
export function createAnswerFlusher(db: RawExecutor, everyMs: number) {
  const open = new Set<TrackedAnswer>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<unknown> | null = null;

  function tick() {
    if (writing) return;
    const byTenant = new Map<number, Array<{ id: number; text: string; reasoning: string | null }>>();
    for (const a of open) {
      if (!a.changed) continue;
      a.changed = false;
      let rows = byTenant.get(a.tenantId);
      if (!rows) byTenant.set(a.tenantId, (rows = []));
      rows.push({ id: a.id, text: a.text, reasoning: a.storedReasoning });
    }
    if (byTenant.size === 0) return;
    // A failed write is retried with the next change; the answer's close writes it whole anyway.
    writing = Promise.all([...byTenant].map(([tenantId, rows]) => flushAnswers(db, tenantId, rows).catch(() => undefined))).then(() => {
      writing = null;
    });
  }

  const flusher = {
    async release(a: TrackedAnswer) {
      if (!open.delete(a)) return;
      if (open.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
      await writing;
    },
  };

  return {
    track(tenantId: number, id: number): TrackedAnswer {
      const a = new TrackedAnswer(tenantId, id, flusher);
      open.add(a);
      if (!timer) {
        timer = setInterval(tick, everyMs);
        timer.unref();
      }
      return a;
    },
  };
}

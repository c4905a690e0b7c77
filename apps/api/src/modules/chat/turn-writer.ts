import { flushAnswers, openTurn, openTurns, type OpenedTurn, type RawExecutor, type TurnToOpen } from './chat.repo';

/** Most turns a batched open writes at once. */
const OPEN_BATCH_MAX = 500;

/**
 * Opens turns with one statement at a time per tenant (group commit): a turn that arrives while
 * its tenant's statement runs waits for it and goes out with every other turn that arrived
 * meanwhile, as one `openTurns` statement. A turn that finds nothing running goes out at once,
 * so nothing waits when the load is low; when many arrive together (a class starting at the same
 * minute) the embedded database writes them in a fraction of the time one statement each would
 * take (bench/chat-overhead.ts, burst). Should a batch fail, its turns are retried one by one, so
 * one bad turn fails alone.
 */
export function createTurnOpener(db: RawExecutor) {
  interface Waiting {
    turn: TurnToOpen;
    resolve: (t: OpenedTurn) => void;
    reject: (e: unknown) => void;
  }
  /** Tenants with a statement running, and the turns waiting behind it. */
  const queues = new Map<number, Waiting[]>();

  async function runBatch(tenantId: number, batch: Waiting[]) {
    let results: Array<OpenedTurn | undefined>;
    try {
      results = await openTurns(db, tenantId, batch.map((w) => w.turn));
    } catch {
      await Promise.all(batch.map((w) => openTurn(db, tenantId, w.turn).then(w.resolve, w.reject)));
      return;
    }
    results.forEach((r, i) => (r ? batch[i]!.resolve(r) : batch[i]!.reject(new Error('openTurn: session vanished'))));
  }

  function next(tenantId: number) {
    const waiting = queues.get(tenantId)!;
    if (waiting.length === 0) {
      queues.delete(tenantId);
      return;
    }
    const batch = waiting.splice(0, OPEN_BATCH_MAX);
    const run = batch.length === 1 ? openTurn(db, tenantId, batch[0]!.turn).then(batch[0]!.resolve, batch[0]!.reject) : runBatch(tenantId, batch);
    void run.finally(() => next(tenantId));
  }

  return function open(tenantId: number, turn: TurnToOpen): Promise<OpenedTurn> {
    const waiting = queues.get(tenantId);
    if (waiting) return new Promise((resolve, reject) => waiting.push({ turn, resolve, reject }));
    queues.set(tenantId, []);
    const first = openTurn(db, tenantId, turn);
    void first.catch(() => undefined).finally(() => next(tenantId));
    return first;
  };
}

/** An open answer as the flusher sees it. */
export interface TrackedAnswer {
  /** The text so far; written at the next tick. Cheap: called once per token. */
  update(text: string, reasoning: string | null): void;
  /** Stops writing this answer; resolves once no write of it is still running. */
  close(): Promise<void>;
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
  interface Answer {
    tenantId: number;
    id: number;
    text: string;
    reasoning: string | null;
    changed: boolean;
  }
  const open = new Set<Answer>();
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
      rows.push({ id: a.id, text: a.text, reasoning: a.reasoning });
    }
    if (byTenant.size === 0) return;
    // A failed write is retried with the next change; the answer's close writes it whole anyway.
    writing = Promise.all([...byTenant].map(([tenantId, rows]) => flushAnswers(db, tenantId, rows).catch(() => undefined))).then(() => {
      writing = null;
    });
  }

  return {
    track(tenantId: number, id: number): TrackedAnswer {
      const a: Answer = { tenantId, id, text: '', reasoning: null, changed: false };
      open.add(a);
      if (!timer) {
        timer = setInterval(tick, everyMs);
        timer.unref();
      }
      return {
        update(text, reasoning) {
          a.text = text;
          a.reasoning = reasoning;
          a.changed = true;
        },
        async close() {
          if (!open.delete(a)) return;
          if (open.size === 0 && timer) {
            clearInterval(timer);
            timer = null;
          }
          await writing;
        },
      };
    },
  };
}

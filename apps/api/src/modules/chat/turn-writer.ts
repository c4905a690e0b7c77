import { groupCommit } from '../../db/group-commit';
import type { ChatbotsService } from '../chatbots/chatbots.service';
import type { ChargedTotals, CreditsService, UsageCharge } from '../credits/credits.service';
import { pendingCharge } from './chat.charge';
import type { AgentProgress, ChatRun } from './chat.types';
import {
  closeAnswersCall,
  type ClosedAnswer,
  findInterruptedStreams,
  type FlushedAnswer,
  flushAnswers,
  type InterruptedAnswer,
  interruptAnswersCall,
  openTurn,
  openTurns,
  type OpenedTurn,
  type TurnToOpen,
} from '../sessions/sessions.statements';
import type { Database, RawExecutor, StatementCall } from '../../db/client';

/** Opens turns (the question, the empty answer, a new session) with group commit per tenant. */
export function createTurnOpener(db: RawExecutor) {
  const submit = groupCommit<{ tenantId: number; turn: TurnToOpen }, OpenedTurn>(
    ({ tenantId, turn }) => openTurn(db, tenantId, turn),
    async (items) => (await openTurns(db, items[0]!.tenantId, items.map((i) => i.turn))).map((r) => r ?? new Error('openTurn: session vanished')),
  );
  return (tenantId: number, turn: TurnToOpen) => submit(String(tenantId), { tenantId, turn });
}

/** One answer's close: its final row, its charge and the chatbot it counts for. */
export interface AnswerClose {
  tenantId: number;
  /** The month the charge belongs to. */
  period: string;
  answer: ClosedAnswer;
  charge: UsageCharge;
  chatbotId: number;
}

/** What the close needs of the credits and chatbots modules: their shares of the write. */
export interface CloseParts {
  credits: Pick<CreditsService, 'chargePart'>;
  chatbots: Pick<ChatbotsService, 'countAnswersPart'>;
}

/**
 * Closes answers: the final answer rows (this module's), their ledger charges and monthly totals
 * (the credits'), the chatbots' counters (the chatbots') — each module's own statement, the three
 * run as ONE unit (`rawMany`: all or nothing, one round trip), with group commit per tenant and
 * month: the closes that arrive while one unit runs go out together in the next (decision 014).
 * Resolves each close with its member's and the tenant's monthly totals after its unit.
 */
export function createAnswerCloser(db: RawExecutor, parts: CloseParts) {
  async function write(items: AnswerClose[]): Promise<Array<ChargedTotals | Error>> {
    const { tenantId, period } = items[0]!;
    const charge = parts.credits.chargePart(tenantId, period, items.map((i) => i.charge));
    const count = parts.chatbots.countAnswersPart(tenantId, items.map((i) => ({ chatbotId: i.chatbotId, tokens: i.charge.inputTokens + i.charge.outputTokens })));
    const [, chargeRows] = await db.rawMany([closeAnswersCall(tenantId, items.map((i) => i.answer)), charge.call, count.call]);
    return charge.read(chargeRows!);
  }
  const submit = groupCommit<AnswerClose, ChargedTotals>(async (item) => {
    const [totals] = await write([item]);
    if (!totals || totals instanceof Error) throw totals ?? new Error('close: no totals');
    return totals;
  }, write);
  return (item: AnswerClose) => submit(`${item.tenantId}:${item.period}`, item);
}


/**
 * An open answer: its text and reasoning so far, the one copy the stream keeps, written at the
 * flusher's next tick with what the answer would be charged (its `run`'s costs; none without a
 * run). A class, so that an open stream holds one small object instead of a record and two closures.
 */
export class TrackedAnswer {
  text = '';
  reasoning = '';
  changed = false;
  /**
   * An answer with tools (chat.agent.ts): its tool calls, the sources its tools found, why it ended
   * early, and the tokens of its finished steps. Null on the plain text path, which writes none of them.
   */
  agent: AgentProgress | null = null;

  constructor(
    readonly tenantId: number,
    readonly id: number,
    private readonly flusher: { release(a: TrackedAnswer): Promise<void> },
    readonly run: ChatRun | null,
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
    const byTenant = new Map<number, FlushedAnswer[]>();
    const now = new Date();
    for (const a of open) {
      if (!a.changed) continue;
      a.changed = false;
      let rows = byTenant.get(a.tenantId);
      if (!rows) byTenant.set(a.tenantId, (rows = []));
      rows.push({
        id: a.id,
        text: a.text,
        reasoning: a.storedReasoning,
        charge: a.run && pendingCharge(a.run, a, now),
        ...(a.agent && { toolCalls: a.agent.toolCalls, sources: a.agent.sources }),
      });
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
    track(tenantId: number, id: number, run: ChatRun | null = null): TrackedAnswer {
      const a = new TrackedAnswer(tenantId, id, flusher, run);
      open.add(a);
      if (!timer) {
        timer = setInterval(tick, everyMs);
        timer.unref();
      }
      return a;
    },
  };
}

/** What a crash's recovery needs of the credits and chatbots modules: a close's parts, and the credits' cached figures to drop. */
export interface RecoveryParts extends CloseParts {
  credits: Pick<CreditsService, 'chargePart' | 'invalidate'>;
}

/** How often a recovery re-reads after losing a claim to another instance's (the answers it lost are then gone from the read). */
const RECOVERY_ATTEMPTS = 3;

/**
 * A crash's recovery (decisions 041, 046): the answers a dead process left `streaming` become
 * `interrupted` and are charged what their last flush recorded — per tenant and month ONE unit of
 * the three modules' statements, as a close: the answers' claim (chat), their ledger rows and
 * totals, which also settle the reservations they held (credits), the chatbots' counters. An answer
 * that never flushed is only marked. The claim fails its unit when another instance recovered any
 * of its answers first; the rest are read again. The ledger's key per answer is the second guard:
 * an answer is charged once, by its close or by a recovery. `owner`: the owner's view (every
 * tenant). Resolves with how many answers this call recovered.
 */
export async function recoverInterrupted(owner: Database, parts: RecoveryParts, only?: Array<{ tenantId: number; answerId: number }>): Promise<number> {
  let recovered = 0;
  for (let attempt = 0; attempt < RECOVERY_ATTEMPTS; attempt += 1) {
    const found = await findInterruptedStreams(owner.owner, only);
    if (found.length === 0) break;
    const units = new Map<string, InterruptedAnswer[]>();
    for (const a of found) {
      const key = `${a.tenantId}:${a.pending?.period ?? ''}`;
      units.set(key, [...(units.get(key) ?? []), a]);
    }
    let lost = false;
    for (const answers of units.values()) {
      const { tenantId } = answers[0]!;
      const period = answers[0]!.pending?.period;
      const charged = answers.flatMap((a) => (a.pending ? [a.pending] : []));
      const calls: StatementCall[] = [
        interruptAnswersCall(tenantId, answers.map((a) => ({ id: a.id, inputTokens: a.pending?.charge.inputTokens ?? 0, outputTokens: a.pending?.charge.outputTokens ?? 0, units: a.pending?.charge.units ?? 0n }))),
      ];
      if (period && charged.length > 0) {
        calls.push(parts.credits.chargePart(tenantId, period, charged.map((p) => p.charge)).call);
        calls.push(parts.chatbots.countAnswersPart(tenantId, charged.map((p) => ({ chatbotId: p.chatbotId, tokens: p.charge.inputTokens + p.charge.outputTokens }))).call);
      }
      try {
        await owner.rawMany(calls);
        recovered += answers.length;
        if (charged.length > 0) parts.credits.invalidate(tenantId);
      } catch {
        // Lost a claim to another instance's recovery (or the database failed): nothing of the unit was written.
        lost = true;
      }
    }
    if (!lost) break;
  }
  return recovered;
}

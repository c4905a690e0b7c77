import type { ChatBody, ChatMeta } from '@app/contracts/chat';
import { isErrorCode, statusOfCode } from '@app/contracts/errors';
import type { HistoryMessage } from '@app/contracts/sessions';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type ChatMode, sendChat } from '../api/send-chat';
import { createSmoother } from './smoothing';

export type LiveStatus = 'sending' | 'streaming' | 'completed' | 'stopped' | 'failed';

/** A question sent from this page and its answer as it streamed. */
export interface LiveTurn {
  id: number;
  chatbotId: number;
  /** The x-chat-meta header: set once the server has accepted the question. */
  meta: ChatMeta | null;
  question: string;
  text: string;
  reasoning: string;
  status: LiveStatus;
  /** The exact credits charged for the answer (the stream's usage event). */
  credits: number | null;
}

export interface TurnCallbacks {
  onMeta?: (meta: ChatMeta) => void;
  /** The question was not accepted (an ApiError for a non-2xx answer); no turn is left. */
  onRefused?: (err: unknown) => void;
  /** An `error` event (as an ApiError with the catalogue's status for its code), or the stream broke off. */
  onStreamError?: (err: unknown) => void;
  /** The answer ended: completed, stopped or failed. */
  onDone?: (turn: LiveTurn) => void;
}

export const inFlight = (turn: LiveTurn) => turn.status === 'sending' || turn.status === 'streaming';

/** The history holds the turn's answer in a final state, so the history's copy can show instead. */
function settledIn(rows: readonly HistoryMessage[], turn: LiveTurn): boolean {
  const answerId = turn.meta?.assistant_message_id;
  return !inFlight(turn) && rows.some((r) => r.id === answerId && r.status !== 'streaming');
}

/**
 * The turns sent from this page, the one in flight and the finished ones the history does not
 * yet show settled. Only one streams at a time: a new send aborts the previous stream (spec §4).
 */
export function createLiveTurns() {
  let turns: readonly LiveTurn[] = [];
  let controller: AbortController | null = null;
  let counter = 0;
  const listeners = new Set<() => void>();
  const set = (next: readonly LiveTurn[]) => {
    turns = next;
    listeners.forEach((l) => l());
  };
  const find = (id: number) => turns.find((t) => t.id === id);
  const update = (id: number, patch: Partial<LiveTurn>) => set(turns.map((t) => (t.id === id ? { ...t, ...patch } : t)));

  return {
    get: () => turns,
    subscribe(fn: () => void) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
    async send(chatbotId: number, body: ChatBody, cb: TurnCallbacks = {}, mode: ChatMode = 'member'): Promise<void> {
      controller?.abort();
      const own = new AbortController();
      controller = own;
      const id = ++counter;
      set([...turns, { id, chatbotId, meta: null, question: body.text ?? '', text: '', reasoning: '', status: 'sending', credits: null }]);
      const text = createSmoother((s) => update(id, { text: (find(id)?.text ?? '') + s }));
      const reasoning = createSmoother((s) => update(id, { reasoning: (find(id)?.reasoning ?? '') + s }));
      try {
        const { meta, events } = await sendChat(chatbotId, body, own.signal, mode);
        // Mask mode: the question shows as it was stored, its personal data masked.
        update(id, { meta, status: 'streaming', ...(meta.masked_text !== undefined && { question: meta.masked_text }) });
        cb.onMeta?.(meta);
        let final: LiveStatus = 'completed';
        for await (const e of events) {
          if (e.type === 'text') text.push(e.text);
          else if (e.type === 'reasoning') reasoning.push(e.text);
          else if (e.type === 'usage') update(id, { credits: e.credits });
          else if (e.type === 'error') cb.onStreamError?.(new ApiError(isErrorCode(e.code) ? statusOfCode(e.code) : 500, e.code, e.message));
          else if (e.type === 'end') final = e.status;
        }
        reasoning.flush();
        text.flush();
        update(id, { status: final });
      } catch (err) {
        reasoning.flush();
        text.flush();
        if (!find(id)?.meta) {
          // Not accepted (refused, or stopped before the server answered): nothing to show.
          set(turns.filter((t) => t.id !== id));
          if (!own.signal.aborted) cb.onRefused?.(err);
          return;
        }
        update(id, { status: own.signal.aborted ? 'stopped' : 'failed' });
        if (!own.signal.aborted) cb.onStreamError?.(err);
      } finally {
        if (controller === own) controller = null;
      }
      const done = find(id);
      if (done) cb.onDone?.(done);
    },
    /** The stop button: the server keeps the partial answer as `stopped`. */
    stop() {
      controller?.abort();
    },
    /** Lets go of the finished turns whose answers these history rows show settled. */
    forgetSettled(rows: readonly HistoryMessage[]) {
      const open = turns.filter((t) => !settledIn(rows, t));
      if (open.length !== turns.length) set(open);
    },
  };
}

/** This page's turns. They live outside the route components, so going to a new session's URL keeps the stream. */
export const liveTurns = createLiveTurns();

export function useLiveTurns(): readonly LiveTurn[] {
  return useSyncExternalStore(liveTurns.subscribe, liveTurns.get);
}

export interface BubbleMessage {
  key: string;
  role: 'member' | 'chatbot';
  text: string;
  reasoning: string | null;
  status: LiveStatus;
  /** Answers: the model that wrote it, and its name as the server gave it for a live answer. */
  modelId: number | null;
  modelName: string | null;
  /** Answers: the credits charged, once known. */
  credits: number | null;
}

// One bubble per history row object, so unchanged rows keep their (memoised) bubbles while an answer streams.
const rowBubbles = new WeakMap<HistoryMessage, BubbleMessage>();
function bubbleOf(row: HistoryMessage): BubbleMessage {
  let b = rowBubbles.get(row);
  if (!b) {
    const answer = row.speaker_type === 'chatbot';
    b = {
      key: `m${row.id}`,
      role: row.speaker_type,
      text: row.text,
      reasoning: row.reasoning,
      status: row.status,
      modelId: answer ? row.llm_model_id : null,
      modelName: null,
      credits: answer && row.status !== 'streaming' ? row.credits : null,
    };
    rowBubbles.set(row, b);
  }
  return b;
}

function bubblesOf(turn: LiveTurn): BubbleMessage[] {
  const [q, a] = turn.meta ? [`m${turn.meta.user_message_id}`, `m${turn.meta.assistant_message_id}`] : [`t${turn.id}q`, `t${turn.id}a`];
  return [
    { key: q, role: 'member', text: turn.question, reasoning: null, status: 'completed', modelId: null, modelName: null, credits: null },
    {
      key: a,
      role: 'chatbot',
      text: turn.text,
      reasoning: turn.reasoning || null,
      status: turn.status,
      modelId: turn.meta?.llm_model_id ?? null,
      modelName: turn.meta?.model ?? null,
      credits: turn.credits,
    },
  ];
}

/**
 * What the chat shows: the history (oldest first), with each turn in place of its two rows until
 * the history holds its answer settled. After a stop the server finalises the answer a moment
 * later; until a history refetch returns it so, the turn's own text shows, marked stopped.
 */
export function chatMessages(rows: readonly HistoryMessage[], turns: readonly LiveTurn[]): BubbleMessage[] {
  const open = turns.filter((t) => !settledIn(rows, t));
  const rowOwner = new Map<number, LiveTurn>();
  for (const t of open) {
    if (!t.meta) continue;
    rowOwner.set(t.meta.user_message_id, t);
    rowOwner.set(t.meta.assistant_message_id, t);
  }
  const placed = new Set<LiveTurn>();
  const out: BubbleMessage[] = [];
  for (const row of rows) {
    const t = rowOwner.get(row.id);
    if (!t) out.push(bubbleOf(row));
    else if (!placed.has(t)) {
      placed.add(t);
      out.push(...bubblesOf(t));
    }
  }
  for (const t of open) if (!placed.has(t)) out.push(...bubblesOf(t));
  return out;
}

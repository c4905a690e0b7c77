import type { ChatBody, ChatEvent, ChatMeta, ChatSource } from '@app/contracts/chat';
import type { HistoryMessage } from '@app/contracts/sessions';
import type { AnswerNotice, ToolCallRecord } from '@app/contracts/tools';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type ChatMode, reattachChat, sendChat, stopAnswer } from '../api/send-chat';
import { createSmoother } from './smoothing';
import { isToolEvent, withToolEvent } from './tool-calls';

export type LiveStatus = 'sending' | 'streaming' | 'completed' | 'stopped' | 'failed' | 'interrupted';

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
  /** What the answer may cite (the stream's source events), numbered. */
  sources: ChatSource[];
  /** The question's attachments as sent. */
  files: MessageFile[];
  /** An image model's answer: the images generated (the stream's image events), files of the session. */
  images: MessageFile[];
  /** The tool calls the answer made so far (agent steps), with their results where they ended. */
  toolCalls: ToolCallRecord[];
  /** Why the answer ended early (the step limit, credits run out between steps). */
  notice: AnswerNotice | null;
}

/** A file shown with a message (spec §3 history message files). */
export interface MessageFile {
  id: number;
  url: string;
  type: string;
  name: string;
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

/** The stream this page reads now: its turn, and how it is let go. */
interface Reading {
  id: number;
  controller: AbortController;
  mode: ChatMode;
  /** The stop button was pressed before the server named the session: stop it once it does. */
  stopRequested: boolean;
  /** A new question took over: the page stops reading; the server goes on (or stops it, same session). */
  detached: boolean;
}

/** How `consume` reads and changes the turns. */
interface TurnStore {
  find: (id: number) => LiveTurn | undefined;
  update: (id: number, patch: Partial<LiveTurn>) => void;
}

/** Reads an accepted answer's events into its turn; resolves with how it ended. */
async function consume(id: number, events: AsyncGenerator<ChatEvent>, cb: TurnCallbacks, { find, update }: TurnStore): Promise<LiveStatus> {
  const text = createSmoother((s) => update(id, { text: (find(id)?.text ?? '') + s }));
  const reasoning = createSmoother((s) => update(id, { reasoning: (find(id)?.reasoning ?? '') + s }));
  let final: LiveStatus = 'completed';
  try {
    for await (const e of events) {
      if (e.type === 'snapshot') update(id, { text: e.text, reasoning: e.reasoning, toolCalls: e.tool_calls, notice: e.notice });
      else if (e.type === 'text') text.push(e.text);
      else if (e.type === 'reasoning') reasoning.push(e.text);
      else if (e.type === 'usage') update(id, { credits: e.credits });
      else if (isToolEvent(e)) {
        // The text before a call shows before its card: what is queued is released first.
        if (e.type === 'tool_call') text.flush();
        update(id, { toolCalls: withToolEvent(find(id)?.toolCalls ?? [], e) });
      }
      else if (e.type === 'notice') update(id, { notice: e.code });
      else if (e.type === 'image') update(id, { images: [...(find(id)?.images ?? []), e.file] });
      else if (e.type === 'source') {
        const { type: _type, ...source } = e;
        update(id, { sources: [...(find(id)?.sources ?? []), source] });
      }
      else if (e.type === 'error') {
        // The error catalogue loads with the first stream error: it stays out of the chat's first load (007).
        const { isErrorCode, statusOfCode } = await import('@app/contracts/errors');
        cb.onStreamError?.(new ApiError(isErrorCode(e.code) ? statusOfCode(e.code) : 500, e.code, e.message));
      }
      else if (e.type === 'end') final = e.status;
    }
  } finally {
    reasoning.flush();
    text.flush();
  }
  return final;
}

/**
 * The turns sent from this page, the one in flight and the finished ones the history does not
 * yet show settled. Only one is read at a time. Answers outlive the page (issue 27 item 5): a
 * member's stop asks the server (`POST /sessions/{hash}/stop/`), which keeps the partial answer
 * and ends the stream as `stopped`; a new question in the session makes the server stop the
 * running answer first (spec §4); a reload or a return reattaches to a running answer. A
 * visitor's stop closes the stream, which stops a visitor's answer.
 */
export function createLiveTurns() {
  let turns: readonly LiveTurn[] = [];
  let reading: Reading | null = null;
  let counter = 0;
  const listeners = new Set<() => void>();
  const set = (next: readonly LiveTurn[]) => {
    turns = next;
    listeners.forEach((l) => l());
  };
  const find = (id: number) => turns.find((t) => t.id === id);
  const update = (id: number, patch: Partial<LiveTurn>) => set(turns.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  const remove = (id: number) => set(turns.filter((t) => t.id !== id));
  const store: TurnStore = { find, update };

  /** Takes over from the stream read so far: the page stops reading it. */
  function beginReading(mode: ChatMode): Reading {
    if (reading) {
      reading.detached = true;
      reading.controller.abort();
    }
    reading = { id: ++counter, controller: new AbortController(), mode, stopRequested: false, detached: false };
    return reading;
  }

  /**
   * The page stopped reading because a new question took over: in the same session the server
   * stopped the answer (its turn was marked so); elsewhere it goes on and the history shows it.
   */
  function letGo(own: Reading) {
    if (find(own.id)?.status !== 'stopped') remove(own.id);
  }

  return {
    get: () => turns,
    subscribe(fn: () => void) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
    async send(chatbotId: number, body: ChatBody, cb: TurnCallbacks = {}, mode: ChatMode = 'member', files: MessageFile[] = []): Promise<void> {
      const previous = reading ? find(reading.id) : undefined;
      if (previous && inFlight(previous) && previous.meta?.session_hash_id === body.session_hash_id) update(previous.id, { status: 'stopped' });
      const own = beginReading(mode);
      const { id } = own;
      set([...turns, { id, chatbotId, meta: null, question: body.text ?? '', text: '', reasoning: '', status: 'sending', credits: null, sources: [], files, images: [], toolCalls: [], notice: null }]);
      try {
        const { meta, events } = await sendChat(chatbotId, body, own.controller.signal, mode);
        // Mask mode: the question shows as it was stored, its personal data masked.
        update(id, { meta, status: 'streaming', ...(meta.masked_text !== undefined && { question: meta.masked_text }) });
        cb.onMeta?.(meta);
        if (own.stopRequested) void stopAnswer(meta.session_hash_id).catch(() => undefined);
        update(id, { status: await consume(own.id, events, cb, store) });
      } catch (err) {
        if (!find(id)?.meta) {
          // Not accepted (refused, or stopped before the server answered): nothing to show.
          remove(id);
          if (!own.controller.signal.aborted) cb.onRefused?.(err);
          return;
        }
        if (own.detached) return letGo(own);
        update(id, { status: own.controller.signal.aborted ? 'stopped' : 'failed' });
        if (!own.controller.signal.aborted) cb.onStreamError?.(err);
      } finally {
        if (reading === own) reading = null;
      }
      const done = find(id);
      if (done) cb.onDone?.(done);
    },
    /**
     * A returning reader: the session's answer still running on the server (after a reload, or
     * back from another session) continues on this page from what it has so far. Resolves false
     * when none runs (the history then holds it).
     */
    async reattach(chatbotId: number, hash: string, question: string, cb: TurnCallbacks = {}): Promise<boolean> {
      if (turns.some((t) => t.meta?.session_hash_id === hash && inFlight(t))) return true;
      const own = beginReading('member');
      const { id } = own;
      try {
        const found = await reattachChat(hash, own.controller.signal);
        if (!found) return false;
        set([...turns, { id, chatbotId, meta: found.meta, question, text: '', reasoning: '', status: 'streaming', credits: null, sources: [], files: [], images: [], toolCalls: [], notice: null }]);
        update(id, { status: await consume(own.id, found.events, cb, store) });
      } catch (err) {
        if (!find(id)) return false;
        if (own.detached) {
          letGo(own);
          return true;
        }
        update(id, { status: own.controller.signal.aborted ? 'stopped' : 'failed' });
        if (!own.controller.signal.aborted) cb.onStreamError?.(err);
      } finally {
        if (reading === own) reading = null;
      }
      const done = find(id);
      if (done) cb.onDone?.(done);
      return true;
    },
    /** The stop button: the server stops the answer and keeps it as `stopped` (a visitor's stream is closed instead). */
    stop() {
      const own = reading;
      if (!own) return;
      if (own.mode === 'public') {
        own.controller.abort();
        return;
      }
      const turn = find(own.id);
      if (turn?.meta) void stopAnswer(turn.meta.session_hash_id).catch(() => own.controller.abort());
      else own.stopRequested = true;
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
  /** Answers: the sources they cite. */
  sources: readonly ChatSource[];
  /** Questions: their attachments; answers: the images an image model generated. */
  files: readonly MessageFile[];
  /** Answers: their tool calls (agent steps), each shown as a card where it was made in the text. */
  toolCalls: readonly ToolCallRecord[];
  /** Answers: why they ended early. */
  notice: AnswerNotice | null;
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
      sources: row.sources ?? [],
      files: row.files,
      toolCalls: row.tool_calls ?? [],
      notice: row.notice ?? null,
    };
    rowBubbles.set(row, b);
  }
  return b;
}

function bubblesOf(turn: LiveTurn): BubbleMessage[] {
  const [q, a] = turn.meta ? [`m${turn.meta.user_message_id}`, `m${turn.meta.assistant_message_id}`] : [`t${turn.id}q`, `t${turn.id}a`];
  return [
    { key: q, role: 'member', text: turn.question, reasoning: null, status: 'completed', modelId: null, modelName: null, credits: null, sources: [], files: turn.files, toolCalls: [], notice: null },
    {
      key: a,
      role: 'chatbot',
      text: turn.text,
      reasoning: turn.reasoning || null,
      status: turn.status,
      modelId: turn.meta?.llm_model_id ?? null,
      modelName: turn.meta?.model ?? null,
      credits: turn.credits,
      sources: turn.sources,
      files: turn.images,
      toolCalls: turn.toolCalls,
      notice: turn.notice,
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

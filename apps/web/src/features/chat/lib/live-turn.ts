import type { ChatBody, ChatMeta } from '@app/contracts/chat';
import { useSyncExternalStore } from 'react';
import { sendChat } from '../api/send-chat';
import { createSmoother } from './smoothing';

export type LiveStatus = 'sending' | 'streaming' | 'completed' | 'stopped' | 'failed';

/** The answer being streamed. It lives outside the route component so navigating to the new session URL keeps it. */
export interface LiveTurn {
  id: number;
  chatbotId: number;
  meta: ChatMeta | null;
  question: string;
  text: string;
  reasoning: string;
  thinking: boolean;
  status: LiveStatus;
  remainingCredit: number | null;
  errorMessage: string | null;
}

export interface TurnCallbacks {
  onMeta?: (meta: ChatMeta) => void;
  onRefused?: (err: unknown) => void;
  onStreamError?: (message: string) => void;
  onDone?: (turn: LiveTurn) => void;
}

let turn: LiveTurn | null = null;
let controller: AbortController | null = null;
let counter = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const update = (id: number, patch: Partial<LiveTurn>) => {
  if (!turn || turn.id !== id) return;
  turn = { ...turn, ...patch };
  emit();
};

export const liveTurn = {
  get: () => turn,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => {
      listeners.delete(fn);
    };
  },
  /** Starts a turn; a turn still streaming is aborted first (spec §4: a new send cancels the previous stream). */
  async send(chatbotId: number, body: ChatBody, cb: TurnCallbacks = {}): Promise<void> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    const id = ++counter;
    turn = { id, chatbotId, meta: null, question: body.text ?? '', text: '', reasoning: '', thinking: !!body.thinking, status: 'sending', remainingCredit: null, errorMessage: null };
    emit();
    const text = createSmoother((s) => update(id, { text: (turn?.id === id ? turn.text : '') + s }));
    const reasoning = createSmoother((s) => update(id, { reasoning: (turn?.id === id ? turn.reasoning : '') + s }));
    try {
      const { meta, events } = await sendChat(chatbotId, body, own.signal);
      update(id, { meta, status: 'streaming' });
      cb.onMeta?.(meta);
      let final: LiveStatus = 'completed';
      for await (const e of events) {
        if (e.type === 'text') text.push(e.text);
        else if (e.type === 'reasoning') reasoning.push(e.text);
        else if (e.type === 'usage') update(id, { remainingCredit: e.remaining_credit });
        else if (e.type === 'error') {
          update(id, { errorMessage: e.message });
          cb.onStreamError?.(e.message);
        } else if (e.type === 'end') final = e.status;
      }
      reasoning.flush();
      text.flush();
      update(id, { status: final });
    } catch (err) {
      reasoning.flush();
      text.flush();
      if (own.signal.aborted) {
        update(id, { status: 'stopped' });
      } else if (turn?.id === id && turn.meta) {
        update(id, { status: 'failed' });
        cb.onStreamError?.(String(err));
      } else {
        // Refused before streaming: nothing was written; the question goes back to the input.
        if (turn?.id === id) turn = null;
        emit();
        cb.onRefused?.(err);
        return;
      }
    } finally {
      if (controller === own) controller = null;
    }
    if (turn?.id === id) cb.onDone?.(turn);
  },
  /** The stop button: the server keeps the partial answer as `stopped`. */
  stop() {
    controller?.abort();
  },
  /** Forget the finished turn once the history shows it. */
  clear(id: number) {
    if (turn?.id === id && turn.status !== 'streaming' && turn.status !== 'sending') {
      turn = null;
      emit();
    }
  },
};

export function useLiveTurn(): LiveTurn | null {
  return useSyncExternalStore(liveTurn.subscribe, liveTurn.get);
}

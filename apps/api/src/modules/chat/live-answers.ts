import type { ChatEvent, ChatMeta } from '@app/contracts/chat';
import { liveAnswerClosed, liveAnswerOpened } from '../../platform/metrics';
import type { TrackedAnswer } from './turn-writer';

const frameOf = (e: ChatEvent) => `data: ${JSON.stringify(e)}\n\n`;

/**
 * What a returning reader's route needs of a running answer: this process's `LiveAnswer`, or a
 * reading of an answer running on another instance (`live-channel.ts`).
 */
export interface LiveReading {
  readonly meta: ChatMeta;
  /** Resolves once the answer is closed. */
  readonly closed: Promise<void>;
  /** The text so far as a `snapshot` frame, then every frame as it comes. */
  attach(write: (frame: string) => void): void;
  detach(write: (frame: string) => void): void;
}

/**
 * An answer that is generating in this process, independent of who reads it (issue 27 item 5):
 * the client that asked may leave (a reload, a dropped connection) and the answer goes on; a
 * reader may come back (`GET /sessions/{hash}/stream/`), receive the text so far as a snapshot
 * and then every event as it comes. Only an explicit stop (`POST /sessions/{hash}/stop/`, a new
 * question in the same session, or — when the tenant asks for it — the last reader leaving)
 * aborts it. A class with one primary reader field: the hot path (one reader, one frame per
 * token) costs a field read, not a set iteration.
 */
export class LiveAnswer implements LiveReading {
  private primary: ((frame: string) => void) | null = null;
  private readers: Array<(frame: string) => void> = [];
  answer: TrackedAnswer | null = null;
  /** Resolves once the answer is closed: its row final, its charge written. */
  readonly closed: Promise<void>;
  private markClosed!: () => void;

  constructor(
    readonly tenantId: number,
    readonly memberId: number,
    readonly hash: string,
    readonly meta: ChatMeta,
    readonly stopper: AbortController,
    private readonly stopWithoutReader: boolean,
  ) {
    this.closed = new Promise<void>((resolve) => (this.markClosed = resolve));
  }

  /** Hot path: an event to every reader. */
  emit(e: ChatEvent): void {
    if (this.primary === null && this.readers.length === 0) return;
    const frame = frameOf(e);
    if (this.primary !== null) this.primary(frame);
    for (const r of this.readers) r(frame);
  }

  /** The client that asked. */
  setPrimary(write: (frame: string) => void): void {
    this.primary = write;
  }

  /** A reader that came back: the text so far, then what follows. */
  attach(write: (frame: string) => void): void {
    const agent = this.answer?.agent;
    write(frameOf({ type: 'snapshot', text: this.answer?.text ?? '', reasoning: this.answer?.reasoning ?? '', tool_calls: agent?.toolCalls ?? [], notice: agent?.notice ?? null }));
    this.readers.push(write);
  }

  /** A reader left (its connection closed). */
  detach(write: (frame: string) => void): void {
    if (this.primary === write) this.primary = null;
    else this.readers = this.readers.filter((r) => r !== write);
    if (this.stopWithoutReader && this.primary === null && this.readers.length === 0) this.stopper.abort();
  }

  close(): void {
    this.primary = null;
    this.readers = [];
    this.markClosed();
  }
}

/** The answers generating in this process, by tenant and session. */
export function createLiveAnswers() {
  const byKey = new Map<string, LiveAnswer>();
  const key = (tenantId: number, hash: string) => `${tenantId}:${hash}`;
  return {
    add(a: LiveAnswer): void {
      byKey.set(key(a.tenantId, a.hash), a);
      liveAnswerOpened();
    },
    get(tenantId: number, hash: string): LiveAnswer | undefined {
      return byKey.get(key(tenantId, hash));
    },
    remove(a: LiveAnswer): void {
      const k = key(a.tenantId, a.hash);
      if (byKey.get(k) === a) {
        byKey.delete(k);
        liveAnswerClosed();
      }
    },
    /** Every answer generating in this process (a shutdown drains them). */
    all(): LiveAnswer[] {
      return [...byKey.values()];
    },
  };
}
export type LiveAnswers = ReturnType<typeof createLiveAnswers>;

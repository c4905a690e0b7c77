import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';

/** Receives a provider's stream parts as they arrive, on the tick that read them from the network. */
export interface PartSink {
  part(part: LanguageModelV3StreamPart): void;
  end(): void;
  error(err: unknown): void;
}

const CHANNEL = Symbol('partChannel');

/**
 * The parts of one provider answer on their way to one consumer (decision 016). The AI SDK's
 * interface hands them over as a web `ReadableStream`: a promise, a read request and a queue
 * entry for every part, about a fifth of everything the platform allocates while it relays
 * tokens, and every collection pauses all open streams. A consumer that knows this channel takes
 * the parts pushed straight to a `PartSink` instead; any other consumer gets the stream, made
 * only when it asks. Whichever it asks for first is the only way out. Parts that arrive before
 * the consumer asks wait, in order.
 */
export class PartChannel {
  private pending: LanguageModelV3StreamPart[] = [];
  private state: 'open' | 'ended' | 'failed' = 'open';
  private failure: unknown;
  private sink: PartSink | null = null;
  private claimed = false;

  /** `cancel` stops the producer: the consumer left, or a sink threw. */
  constructor(private readonly cancel: () => void) {}

  get isOpen(): boolean {
    return this.state === 'open';
  }

  push(part: LanguageModelV3StreamPart): void {
    if (this.state !== 'open') return;
    if (!this.sink) {
      this.pending.push(part);
      return;
    }
    try {
      this.sink.part(part);
    } catch (err) {
      // A consumer's fault must not become the network handler's uncaught exception.
      this.cancel();
      this.error(err);
    }
  }

  end(): void {
    if (this.state !== 'open') return;
    this.state = 'ended';
    this.sink?.end();
  }

  error(err: unknown): void {
    if (this.state !== 'open') return;
    this.state = 'failed';
    this.failure = err;
    this.sink?.error(err);
  }

  /** Every part from now on goes straight to `sink`; the ones already here first. */
  pipe(sink: PartSink): void {
    this.claim();
    this.attach(sink);
  }

  /** The same parts as the AI SDK's web stream. */
  stream(): ReadableStream<LanguageModelV3StreamPart> {
    this.claim();
    return new ReadableStream<LanguageModelV3StreamPart>({
      start: (c) => this.attach({ part: (p) => c.enqueue(p), end: () => c.close(), error: (e) => c.error(e) }),
      cancel: () => {
        this.sink = null;
        this.state = 'ended';
        this.cancel();
      },
    });
  }

  private attach(sink: PartSink) {
    const pending = this.pending;
    const state = this.state;
    this.pending = [];
    this.sink = sink;
    // An answer that arrived (or ended) before anyone asked: its parts, then its end, in order.
    this.state = 'open';
    for (const part of pending) this.push(part);
    if (this.state !== 'open') return;
    if (state === 'ended') this.end();
    else if (state === 'failed') this.error(this.failure);
  }

  private claim() {
    if (this.claimed) throw new Error('The provider stream has already been taken');
    this.claimed = true;
  }

  /** The result `doStream` returns: `stream` is made only when read. */
  result(): PartChannelResult {
    return new PartChannelResult(this);
  }
}

/**
 * What a provider's `doStream` resolves with when its parts come through a channel: the AI SDK's
 * `stream`, made only when read, and the channel for `partChannelOf`. A class, so every answer's
 * result shares one shape instead of getting its own from `Object.defineProperty`.
 */
export class PartChannelResult {
  readonly [CHANNEL]: PartChannel;
  constructor(channel: PartChannel) {
    this[CHANNEL] = channel;
  }
  get stream(): ReadableStream<LanguageModelV3StreamPart> {
    return this[CHANNEL].stream();
  }
}

/** The push side of a `doStream` result, when its provider offers one. */
export function partChannelOf(result: object): Pick<PartChannel, 'pipe'> | undefined {
  return result instanceof PartChannelResult ? result[CHANNEL] : undefined;
}

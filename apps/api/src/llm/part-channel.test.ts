import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { PartChannel, partChannelOf, type PartSink } from './part-channel';

const delta = (t: string): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta: t });

/** A sink that records what reaches it, in order. */
function recorder() {
  const got: string[] = [];
  const sink: PartSink = {
    part: (p) => got.push(p.type === 'text-delta' ? p.delta : p.type),
    end: () => got.push('END'),
    error: (e) => got.push(`ERROR:${(e as Error).message}`),
  };
  return { got, sink };
}

describe('PartChannel', () => {
  it('hands parts that arrived before the consumer first, in order, then the live ones, then the end once', () => {
    const ch = new PartChannel(() => undefined);
    ch.push(delta('a'));
    ch.push(delta('b'));
    const { got, sink } = recorder();
    ch.pipe(sink);
    expect(got).toEqual(['a', 'b']);
    ch.push(delta('c'));
    ch.end();
    ch.end();
    ch.push(delta('late'));
    expect(got).toEqual(['a', 'b', 'c', 'END']);
  });

  it('replays an answer that ended, or failed, before anyone asked', () => {
    const ended = new PartChannel(() => undefined);
    ended.push(delta('x'));
    ended.end();
    const a = recorder();
    ended.pipe(a.sink);
    expect(a.got).toEqual(['x', 'END']);

    const failed = new PartChannel(() => undefined);
    failed.push(delta('y'));
    failed.error(new Error('cut'));
    failed.push(delta('after'));
    const b = recorder();
    failed.pipe(b.sink);
    expect(b.got).toEqual(['y', 'ERROR:cut']);
  });

  it('gives the same parts as a web stream, made only when read, and only one way out', async () => {
    let made = 0;
    const ch = new PartChannel(() => undefined);
    const result = ch.result();
    const original = ch.stream.bind(ch);
    ch.stream = () => (made++, original());
    ch.push(delta('a'));
    expect(made).toBe(0);
    expect(partChannelOf(result)).toBe(ch);
    const stream = result.stream;
    expect(made).toBe(1);
    ch.push(delta('b'));
    ch.end();
    const out: string[] = [];
    for await (const p of stream) if (p.type === 'text-delta') out.push(p.delta);
    expect(out).toEqual(['a', 'b']);
    expect(() => ch.pipe(recorder().sink)).toThrow(/already been taken/);
    expect(partChannelOf({ stream })).toBeUndefined();
  });

  it('a web stream consumer that cancels stops the producer, and later parts go nowhere', async () => {
    let cancelled = 0;
    const ch = new PartChannel(() => cancelled++);
    const reader = ch.stream().getReader();
    ch.push(delta('a'));
    expect((await reader.read()).value).toMatchObject({ delta: 'a' });
    await reader.cancel();
    expect(cancelled).toBe(1);
    expect(ch.isOpen).toBe(false);
    expect(() => ch.push(delta('b'))).not.toThrow();
  });

  it('a sink that throws stops the producer and gets the error instead of crashing the network handler', () => {
    let cancelled = 0;
    const ch = new PartChannel(() => cancelled++);
    const errors: unknown[] = [];
    ch.pipe({
      part: () => {
        throw new Error('consumer bug');
      },
      end: () => errors.push('end'),
      error: (e) => errors.push(e),
    });
    expect(() => ch.push(delta('a'))).not.toThrow();
    expect(cancelled).toBe(1);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('consumer bug');
    ch.end();
    expect(errors).toHaveLength(1);
  });
});

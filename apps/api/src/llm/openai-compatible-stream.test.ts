import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { withLeanStreaming } from './openai-compatible-stream';
import { partChannelOf } from './part-channel';

let fake: FakeLlm;
let sdk: LanguageModelV3;
let lean: LanguageModelV3;

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Alpha beta gamma delta.', reasoning: 'Think first, then answer.', tokenDelayMs: 1, promptTokens: 17 } });
  sdk = createOpenAICompatible({ name: 'openai-compatible', baseURL: fake.url, includeUsage: true })('fake-model');
  lean = withLeanStreaming(sdk, { baseURL: fake.url, modelId: 'fake-model' });
});
afterAll(() => fake.close());

async function parts(model: LanguageModelV3, signal?: AbortSignal): Promise<LanguageModelV3StreamPart[]> {
  const { stream } = await model.doStream({ prompt: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'Hello' }] }], abortSignal: signal });
  const out: LanguageModelV3StreamPart[] = [];
  for await (const p of stream) out.push(p);
  return out;
}
const essence = (ps: LanguageModelV3StreamPart[]) =>
  ps.flatMap((p) => {
    if (p.type === 'text-delta') return [['text', p.delta]];
    if (p.type === 'reasoning-delta') return [['reasoning', p.delta]];
    if (p.type === 'finish') return [['finish', p.finishReason.unified, p.usage.inputTokens.total, p.usage.outputTokens.total]];
    if (p.type === 'error') return [['error']];
    return [];
  });

describe('lean OpenAI-compatible streaming', () => {
  it('sends the key and a call\'s own headers, and no call header replaces the key', async () => {
    const keyed = withLeanStreaming(sdk, { baseURL: fake.url, apiKey: 'sk-test', modelId: 'fake-model' });
    const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello' }] }];
    for (const headers of [undefined, { 'x-trace': 't1', authorization: 'Bearer stolen', accept: undefined }]) {
      const { stream } = await keyed.doStream({ prompt, headers });
      for await (const p of stream) void p;
    }
    const [plain, withHeaders] = fake.requestHeaders.slice(-2);
    expect(plain).toMatchObject({ authorization: 'Bearer sk-test', accept: 'text/event-stream', 'content-type': 'application/json' });
    expect(plain!['x-trace']).toBeUndefined();
    expect(withHeaders).toMatchObject({ authorization: 'Bearer sk-test', accept: 'text/event-stream', 'x-trace': 't1' });
    expect(fake.requests.at(-1)).toMatchObject({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'Hello' }] });
  });
  it('yields the same text, reasoning, finish reason and usage as the AI SDK provider', async () => {
    const a = essence(await parts(sdk));
    const b = essence(await parts(lean));
    expect(b).toEqual(a);
    expect(b.filter((x) => x[0] === 'text').map((x) => x[1]).join('')).toBe('Alpha beta gamma delta.');
    expect(b.at(-1)).toEqual(['finish', 'stop', 17, 8]); // 4 reasoning + 4 answer tokens
  });
  it('pushes the same parts to a sink as it streams, each on the tick it arrives (decision 016)', async () => {
    const viaStream = await parts(lean);
    const result = await lean.doStream({ prompt: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'Hello' }] }] });
    const channel = partChannelOf(result);
    expect(channel).toBeDefined();
    const pushed: LanguageModelV3StreamPart[] = [];
    await new Promise<void>((resolve, reject) => channel!.pipe({ part: (p) => pushed.push(p), end: resolve, error: reject }));
    expect(pushed.map((p) => p.type)).toEqual(viaStream.map((p) => p.type));
    expect(essence(pushed)).toEqual(essence(viaStream));
    expect(() => result.stream).toThrow(/already been taken/);
  });
  it('an abort while pushing ends the upstream request and reports the error to the sink', async () => {
    fake.set({ tokenDelayMs: 30 });
    const before = fake.aborted;
    const ac = new AbortController();
    const result = await lean.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }], abortSignal: ac.signal });
    let deltas = 0;
    const outcome = await new Promise<string>((resolve) =>
      partChannelOf(result)!.pipe({
        part: (p) => {
          if (p.type === 'reasoning-delta' && ++deltas === 2) ac.abort();
        },
        end: () => resolve('end'),
        error: (e) => resolve(`error:${(e as Error).name}`),
      }),
    );
    expect(outcome).toBe('error:AbortError');
    expect(deltas).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.aborted).toBe(before + 1);
    fake.set({ tokenDelayMs: 1 });
  });
  it('sends the request the SDK sends: model, messages, stream with usage', async () => {
    fake.requests.length = 0;
    await parts(lean);
    expect(fake.requests.at(-1)).toMatchObject({
      model: 'fake-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hello' }],
    });
  });
  it('rejects with the upstream status on an HTTP error', async () => {
    fake.set({ failStatus: 503 });
    await expect(lean.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] })).rejects.toMatchObject({ statusCode: 503, isRetryable: true });
    fake.set({ failStatus: null });
  });
  it('an abort ends the upstream request and errors the stream', async () => {
    fake.set({ tokenDelayMs: 30 });
    const before = fake.aborted;
    const ac = new AbortController();
    const { stream } = await lean.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }], abortSignal: ac.signal });
    const reader = stream.getReader();
    let texts = 0;
    await expect(
      (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          if (value.type === 'reasoning-delta' && ++texts === 2) ac.abort();
        }
      })(),
    ).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.aborted).toBe(before + 1);
    fake.set({ tokenDelayMs: 1 });
  });
});

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3StreamPart, LanguageModelV3ToolCall } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { withLeanStreaming } from './openai-compatible-stream';
import { partChannelOf } from './part-channel';
import { parseToolInput, runToolCall, toolCallOptions, toolStepMessages, type Tool } from './tools';

let fake: FakeLlm;
let sdk: LanguageModelV3;
let lean: LanguageModelV3;

const weather: Tool = {
  name: 'get_weather',
  description: 'The weather in a city now.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  async execute(input) {
    const { city } = input as { city: string };
    return { city, sky: city === 'Seoul' ? 'sunny' : 'rain', celsius: city === 'Seoul' ? 21 : 17 };
  },
};
const clock: Tool = {
  name: 'get_time',
  description: 'The local time in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  async execute() {
    return { time: '14:05' };
  },
};
const question: LanguageModelV3Prompt = [
  { role: 'system', content: 'Use the tools.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather in Seoul and Busan?' }] },
];

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { tokenDelayMs: 1, promptTokens: 30 } });
  sdk = createOpenAICompatible({ name: 'openai-compatible', baseURL: fake.url, includeUsage: true })('fake-model');
  lean = withLeanStreaming(sdk, { baseURL: fake.url, modelId: 'fake-model' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function parts(model: LanguageModelV3, options: Partial<LanguageModelV3CallOptions> = {}): Promise<LanguageModelV3StreamPart[]> {
  const { stream } = await model.doStream({ prompt: question, ...toolCallOptions([weather, clock]), ...options });
  const out: LanguageModelV3StreamPart[] = [];
  for await (const p of stream) out.push(p);
  return out;
}
const callsOf = (ps: LanguageModelV3StreamPart[]) => ps.filter((p): p is LanguageModelV3ToolCall => p.type === 'tool-call');
const finishOf = (ps: LanguageModelV3StreamPart[]) => ps.find((p) => p.type === 'finish') as Extract<LanguageModelV3StreamPart, { type: 'finish' }>;
/** The tool parts in order, as the SDK provider and the lean client must both give them. */
const toolEssence = (ps: LanguageModelV3StreamPart[]) =>
  ps.flatMap((p) => {
    if (p.type === 'tool-input-start') return [['start', p.id, p.toolName]];
    if (p.type === 'tool-input-delta') return [['delta', p.id, p.delta]];
    if (p.type === 'tool-input-end') return [['end', p.id]];
    if (p.type === 'tool-call') return [['call', p.toolCallId, p.toolName, p.input]];
    if (p.type === 'text-delta') return [['text', p.delta]];
    if (p.type === 'finish') return [['finish', p.finishReason.unified, p.finishReason.raw]];
    return [];
  });

describe('tool calls through the lean OpenAI-compatible client', () => {
  it('offers the tools in the request and streams one call: its start, argument fragments, end and the complete call', async () => {
    fake.set({ script: [{ toolCalls: [{ id: 'call_w', name: 'get_weather', arguments: { city: 'Seoul' }, fragments: 4 }] }] });
    const ps = await parts(lean, toolCallOptions([weather, clock], { type: 'auto' }));
    expect(fake.requests[0]).toMatchObject({
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'The weather in a city now.', parameters: weather.inputSchema } },
        { type: 'function', function: { name: 'get_time', description: 'The local time in a city.', parameters: clock.inputSchema } },
      ],
      tool_choice: 'auto',
    });
    const essence = toolEssence(ps);
    expect(essence[0]).toEqual(['start', 'call_w', 'get_weather']);
    expect(essence.filter((e) => e[0] === 'delta')).toHaveLength(4);
    expect(essence.filter((e) => e[0] === 'delta').map((e) => e[2]).join('')).toBe('{"city":"Seoul"}');
    expect(essence.slice(-3)).toEqual([['end', 'call_w'], ['call', 'call_w', 'get_weather', '{"city":"Seoul"}'], ['finish', 'tool-calls', 'tool_calls']]);
    expect(ps.some((p) => p.type === 'text-start')).toBe(false);
    expect(finishOf(ps).usage.outputTokens.total).toBe(4);
  });

  it('tells apart two parallel calls whose fragments alternate chunk by chunk, and gives the parts the SDK provider gives', async () => {
    const script = [
      {
        text: 'Let me look.',
        interleave: true,
        toolCalls: [
          { id: 'call_a', name: 'get_weather', arguments: { city: 'Seoul' }, fragments: 3 },
          { id: 'call_b', name: 'get_weather', arguments: { city: 'Busan' }, fragments: 3 },
        ],
      },
    ];
    fake.set({ script });
    const viaLean = await parts(lean);
    fake.set({ script });
    const viaSdk = await parts(sdk);
    // The upstream really interleaved them: the deltas of the two calls alternate.
    expect(toolEssence(viaLean).filter((e) => e[0] === 'delta').map((e) => e[1])).toEqual(['call_a', 'call_b', 'call_a', 'call_b', 'call_a', 'call_b']);
    expect(callsOf(viaLean).map((c) => [c.toolCallId, c.toolName, c.input])).toEqual([
      ['call_a', 'get_weather', '{"city":"Seoul"}'],
      ['call_b', 'get_weather', '{"city":"Busan"}'],
    ]);
    expect(toolEssence(viaLean).filter((e) => e[0] === 'text').map((e) => e[1]).join('')).toBe('Let me look.');
    expect(toolEssence(viaLean)).toEqual(toolEssence(viaSdk));
    // Text ends before the calls end, as in the SDK provider.
    const types = viaLean.map((p) => p.type);
    expect(types.indexOf('text-end')).toBeLessThan(types.indexOf('tool-input-end'));
  });

  it('one call after the other (no interleaving) and a server that ends a step of calls with `stop`: still `tool-calls`', async () => {
    fake.set({
      script: [
        {
          finishReason: 'stop',
          toolCalls: [
            { id: 'c1', name: 'get_weather', arguments: { city: 'Seoul' } },
            { id: 'c2', name: 'get_time', arguments: { city: 'Seoul' } },
          ],
        },
      ],
    });
    const ps = await parts(lean);
    expect(callsOf(ps).map((c) => [c.toolCallId, c.toolName, c.input])).toEqual([
      ['c1', 'get_weather', '{"city":"Seoul"}'],
      ['c2', 'get_time', '{"city":"Seoul"}'],
    ]);
    expect(finishOf(ps).finishReason).toEqual({ unified: 'tool-calls', raw: 'stop' });
  });

  it('reports malformed arguments as the model wrote them, and the result tells the model what was wrong', async () => {
    const broken = '{"city": "Seoul"';
    fake.set({ script: [{ toolCalls: [{ id: 'call_x', name: 'get_weather', arguments: broken, fragments: 2 }] }] });
    const [call] = callsOf(await parts(lean));
    expect(call).toMatchObject({ toolCallId: 'call_x', toolName: 'get_weather', input: broken });
    expect(parseToolInput(call!)).toMatchObject({ ok: false });
    const result = await runToolCall([weather], call!, new AbortController().signal);
    expect(result.output.type).toBe('error-text');
    expect(result.output).toMatchObject({ value: expect.stringContaining(broken) });
  });

  it('sends the calls and their results back in the next request, then streams the answer that uses them', async () => {
    fake.set({
      script: [
        {
          interleave: true,
          toolCalls: [
            { id: 'call_s', name: 'get_weather', arguments: { city: 'Seoul' } },
            { id: 'call_b', name: 'get_weather', arguments: { city: 'Busan' } },
            { id: 'call_t', name: 'get_time', arguments: '{"city": "Seoul"' },
          ],
        },
        { text: 'Sunny and 21 °C in Seoul, rain and 17 °C in Busan.' },
      ],
    });
    const first = await parts(lean, { providerOptions: { openaiCompatible: { parallelToolCalls: true } } });
    const calls = callsOf(first);
    const ac = new AbortController();
    const results = await Promise.all(calls.map((c) => runToolCall([weather, clock], c, ac.signal)));
    const prompt = [...question, ...toolStepMessages('', calls, results)];
    const second = await parts(lean, { prompt });
    expect(second.filter((p) => p.type === 'text-delta').map((p) => p.delta).join('')).toBe('Sunny and 21 °C in Seoul, rain and 17 °C in Busan.');
    expect(finishOf(second).finishReason).toEqual({ unified: 'stop', raw: 'stop' });

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]).toMatchObject({ parallel_tool_calls: true });
    expect(fake.requests[1]!.messages).toEqual([
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: 'Weather in Seoul and Busan?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_s', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Seoul"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Busan"}' } },
          // A malformed string goes back as a JSON string, as the SDK's provider sends it.
          { id: 'call_t', type: 'function', function: { name: 'get_time', arguments: JSON.stringify('{"city": "Seoul"') } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_s', content: '{"city":"Seoul","sky":"sunny","celsius":21}' },
      { role: 'tool', tool_call_id: 'call_b', content: '{"city":"Busan","sky":"rain","celsius":17}' },
      { role: 'tool', tool_call_id: 'call_t', content: expect.stringContaining('not valid JSON') },
    ]);
  });

  it('serialises a forced tool, text beside calls, and every kind of result; a request without tools has no tool fields', async () => {
    const prompt: LanguageModelV3Prompt = [
      ...question,
      { role: 'assistant', content: [{ type: 'reasoning', text: 'hm' }, { type: 'text', text: 'Checking.' }, { type: 'tool-call', toolCallId: 'k1', toolName: 'get_time', input: { city: 'Seoul' } }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'k1', toolName: 'get_time', output: { type: 'text', value: '14:05' } },
          { type: 'tool-result', toolCallId: 'k2', toolName: 'get_time', output: { type: 'execution-denied' } },
          { type: 'tool-result', toolCallId: 'k3', toolName: 'get_time', output: { type: 'error-json', value: { code: 1 } } },
        ],
      },
    ];
    await parts(lean, { prompt, ...toolCallOptions([clock], { type: 'tool', toolName: 'get_time' }) });
    const body = fake.requests[0]!;
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_time' } });
    expect('parallel_tool_calls' in body).toBe(false);
    expect((body.messages as unknown[]).slice(2)).toEqual([
      { role: 'assistant', content: 'Checking.', tool_calls: [{ id: 'k1', type: 'function', function: { name: 'get_time', arguments: '{"city":"Seoul"}' } }] },
      { role: 'tool', tool_call_id: 'k1', content: '14:05' },
      { role: 'tool', tool_call_id: 'k2', content: 'Tool call execution denied.' },
      { role: 'tool', tool_call_id: 'k3', content: '{"code":1}' },
    ]);

    const { stream } = await lean.doStream({ prompt: question });
    for await (const p of stream) void p;
    const plain = fake.requests[1]!;
    expect(['tools', 'tool_choice', 'parallel_tool_calls'].filter((k) => k in plain)).toEqual([]);
  });

  it('an abort in the middle of a call ends the upstream request and errors the stream; no call is reported', async () => {
    fake.set({ tokenDelayMs: 20, script: [{ toolCalls: [{ id: 'slow', name: 'get_weather', arguments: { city: 'Seoul, South Korea' }, fragments: 12 }] }] });
    const ac = new AbortController();
    const result = await lean.doStream({ prompt: question, ...toolCallOptions([weather]), abortSignal: ac.signal });
    const seen: LanguageModelV3StreamPart[] = [];
    let deltas = 0;
    const outcome = await new Promise<string>((resolve) =>
      partChannelOf(result)!.pipe({
        part: (p) => {
          seen.push(p);
          if (p.type === 'tool-input-delta' && ++deltas === 2) ac.abort();
        },
        end: () => resolve('end'),
        error: (e) => resolve(`error:${(e as Error).name}`),
      }),
    );
    expect(outcome).toBe('error:AbortError');
    expect(seen.some((p) => p.type === 'tool-input-start')).toBe(true);
    expect(seen.some((p) => p.type === 'tool-call' || p.type === 'finish')).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.aborted).toBe(1);
  });

  it('servers that send no index or the arguments before the name: calls by id, fragments kept until the name comes', async () => {
    // Chunks the fake never writes (no index; arguments before the name), from a server of their own.
    const { createServer } = await import('node:http');
    const chunks = [
      { tool_calls: [{ id: 'n1', function: { arguments: '{"ci' } }] },
      { tool_calls: [{ id: 'n1', function: { name: 'get_weather', arguments: 'ty":"Seoul"}' } }] },
      { tool_calls: [{ id: 'n2', function: { name: 'get_time', arguments: '' } }] },
      { tool_calls: [{ function: { arguments: '{}' } }] },
    ];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const delta of chunks) res.write(`data: ${JSON.stringify({ id: 'x', choices: [{ index: 0, delta }] })}\n\n`);
        res.end(`data: ${JSON.stringify({ id: 'x', choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] })}\n\ndata: [DONE]\n\n`);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as { port: number };
      const odd = withLeanStreaming(sdk, { baseURL: `http://127.0.0.1:${port}/v1`, modelId: 'odd' });
      const ps = await parts(odd);
      expect(toolEssence(ps)).toEqual([
        ['start', 'n1', 'get_weather'],
        ['delta', 'n1', '{"city":"Seoul"}'],
        ['start', 'n2', 'get_time'],
        ['delta', 'n2', '{}'],
        ['end', 'n1'],
        ['call', 'n1', 'get_weather', '{"city":"Seoul"}'],
        ['end', 'n2'],
        ['call', 'n2', 'get_time', '{}'],
        ['finish', 'tool-calls', 'tool_calls'],
      ]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the fake upstream\'s script', () => {
  it('answers request n with step n, also without streaming, and with `reply` once the script is used up', async () => {
    fake.set({ reply: 'Plain reply.', script: [{ toolCalls: [{ id: 'g1', name: 'get_weather', arguments: { city: 'Seoul' } }] }, { text: 'Done.' }] });
    const first = await lean.doGenerate({ prompt: question, ...toolCallOptions([weather]) });
    expect(first.content).toEqual([{ type: 'tool-call', toolCallId: 'g1', toolName: 'get_weather', input: '{"city":"Seoul"}' }]);
    expect(first.finishReason.unified).toBe('tool-calls');
    const texts = [];
    for (let i = 0; i < 2; i++) texts.push((await parts(lean)).filter((p) => p.type === 'text-delta').map((p) => p.delta).join(''));
    expect(texts).toEqual(['Done.', 'Plain reply.']);
    expect(fake.scriptStep).toBe(2);
  });
});

describe('running a tool call', () => {
  const call = (toolName: string, input: string): LanguageModelV3ToolCall => ({ type: 'tool-call', toolCallId: 'c', toolName, input });
  it('gives the output as JSON, and an unknown tool or a failing tool as a result the model can read', async () => {
    const signal = new AbortController().signal;
    expect((await runToolCall([weather], call('get_weather', '{"city":"Seoul"}'), signal)).output).toEqual({ type: 'json', value: { city: 'Seoul', sky: 'sunny', celsius: 21 } });
    expect((await runToolCall([weather], call('get_time', '{}'), signal)).output).toEqual({ type: 'error-text', value: 'There is no tool named "get_time". Tools: get_weather.' });
    const failing: Tool = { ...weather, execute: () => Promise.reject(new Error('the weather service is down')) };
    expect((await runToolCall([failing], call('get_weather', '{}'), signal)).output).toEqual({ type: 'error-text', value: 'the weather service is down' });
    // No arguments at all (a tool that takes none, from some servers) is an empty object.
    expect(parseToolInput(call('get_time', ''))).toEqual({ ok: true, input: {} });
  });
  it('an abort while the tool runs is thrown, not given to the model', async () => {
    const ac = new AbortController();
    const slow: Tool = {
      ...weather,
      execute: (_input, { abortSignal }) => new Promise((_resolve, reject) => abortSignal.addEventListener('abort', () => reject(abortSignal.reason as Error))),
    };
    const running = runToolCall([slow], call('get_weather', '{}'), ac.signal);
    ac.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});

import { and, eq } from 'drizzle-orm';
import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import { chatMessages, chatSessions, llmModels } from '../../db/schema/index';
import { rateLimitsConfig } from '../../platform/rate-limits';
import { baseUrlOf } from '../../test/chat-client';
import { buildTestApp, type TestApp } from '../../test/test-app';

// The developer API's client tools and parameters (decision 053), through the official `openai`
// client against the real app and the scripted fake upstream.
let fake: FakeLlm;
let t: TestApp;
let member: string;
let base: string;
let secret: string;
let bot: { id: number; hash_id: string };

const REPLY = 'It is sunny in Seoul.';
const client = () => new OpenAI({ apiKey: secret, baseURL: `${base}/v1`, maxRetries: 0 });
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => t.call(t.a, member, { method, url: `/api${url}`, ...(payload && { payload }) });
const lastSent = () => fake.requests.at(-1)! as Record<string, unknown> & { messages: Array<Record<string, unknown>> };

const WEATHER: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'The weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};
const CLOCK: OpenAI.ChatCompletionTool = { type: 'function', function: { name: 'get_time', description: 'The time now', parameters: { type: 'object', properties: {} } } };
const ASK: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Seoul?' }];

/** POST /v1/chat/completions with a raw body (for what the SDK's types would not let through). */
const post = (body: unknown, path = '/v1/chat/completions') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: REPLY, tokenDelayMs: 0 } });
  t = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { rateLimits: rateLimitsConfig({ apiPerKey: { max: 1000 } }) } });
  member = await t.signIn(t.a, t.a.member.email);
  base = await baseUrlOf(t);
  const created = (await call('POST', '/chatbots/')).json() as { id: number; hash_id: string };
  await call('PATCH', `/chatbots/${created.id}/`, { ko_name: '날씨', en_name: 'Weather', system_instructions: 'You help.', temperature: 0.4 });
  bot = created;
  secret = ((await call('POST', '/apikeys/', { name: 'tools' })).json() as { secret: string }).secret;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
afterEach(() => fake.reset());

describe('client tools', () => {
  it('offers the tools, returns the call (non-streamed, finish_reason tool_calls), then answers a history that ends with the tool result', async () => {
    fake.set({ script: [{ toolCalls: [{ id: 'call_w1', name: 'get_weather', arguments: { city: 'Seoul' } }] }] });
    const first = await client().chat.completions.create({ model: bot.hash_id, messages: ASK, tools: [WEATHER, CLOCK] });
    const choice = first.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    expect(choice.message.tool_calls).toEqual([{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Seoul"}' } }]);
    const offered = lastSent();
    expect(offered.tools).toEqual([
      { type: 'function', function: { name: 'get_weather', description: 'The weather in a city', parameters: WEATHER.function.parameters } },
      { type: 'function', function: { name: 'get_time', description: 'The time now', parameters: { type: 'object', properties: {} } } },
    ]);

    const second = await client().chat.completions.create({
      model: bot.hash_id,
      tools: [WEATHER, CLOCK],
      messages: [...ASK, choice.message as OpenAI.ChatCompletionMessageParam, { role: 'tool', tool_call_id: 'call_w1', content: '{"sky":"sunny"}' }],
    });
    expect(second.choices[0]!.message.content).toBe(REPLY);
    expect(second.choices[0]!.finish_reason).toBe('stop');
    expect(lastSent().messages.slice(1)).toEqual([
      { role: 'user', content: 'Weather in Seoul?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Seoul"}' } }] },
      { role: 'tool', tool_call_id: 'call_w1', content: '{"sky":"sunny"}' },
    ]);
    // Both answers are kept like other API answers, in sessions of their own.
    const sessions = await t.database.db.select().from(chatSessions).where(and(eq(chatSessions.tenantId, t.a.id), eq(chatSessions.chatbotId, bot.id)));
    expect(sessions.every((s) => s.origin === 'api')).toBe(true);
    const rows = await t.database.db.select().from(chatMessages).where(eq(chatMessages.tenantId, t.a.id));
    expect(rows.some((r) => r.text === '{"sky":"sunny"}')).toBe(true);
  });

  it('streams the calls as delta.tool_calls in OpenAI’s chunk shape, ending with finish_reason tool_calls', async () => {
    fake.set({
      script: [
        {
          text: 'Let me check.',
          toolCalls: [
            { id: 'call_a', name: 'get_weather', arguments: { city: 'Seoul' } },
            { id: 'call_b', name: 'get_time', arguments: {} },
          ],
          interleave: true,
        },
      ],
    });
    const stream = await client().chat.completions.create({ model: bot.hash_id, messages: ASK, tools: [WEATHER, CLOCK], stream: true });
    let text = '';
    const calls: Array<{ id?: string; name?: string; arguments: string }> = [];
    const finishes: string[] = [];
    for await (const chunk of stream) {
      const c = chunk.choices[0];
      if (!c) continue;
      text += c.delta.content ?? '';
      for (const d of c.delta.tool_calls ?? []) {
        const at = (calls[d.index] ??= { arguments: '' });
        if (d.id) at.id = d.id;
        if (d.function?.name) at.name = d.function.name;
        at.arguments += d.function?.arguments ?? '';
      }
      if (c.finish_reason) finishes.push(c.finish_reason);
    }
    expect(text).toBe('Let me check.');
    expect(calls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Seoul"}' },
      { id: 'call_b', name: 'get_time', arguments: '{}' },
    ]);
    expect(finishes).toEqual(['tool_calls']);
    // The SDK's own accumulation agrees.
    fake.set({ script: [{ toolCalls: [{ id: 'call_c', name: 'get_time', arguments: {} }] }] });
    const final = await client().chat.completions.stream({ model: bot.hash_id, messages: ASK, tools: [CLOCK] }).finalChatCompletion();
    expect(final.choices[0]!.message.tool_calls?.[0]).toMatchObject({ id: 'call_c', function: { name: 'get_time', arguments: '{}' } });
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('tool_choice (named, required, none) and parallel_tool_calls reach the upstream; a choice naming no tool is a 400 naming tool_choice', async () => {
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, tools: [WEATHER, CLOCK], tool_choice: { type: 'function', function: { name: 'get_time' } }, parallel_tool_calls: false });
    expect(lastSent()).toMatchObject({ tool_choice: { type: 'function', function: { name: 'get_time' } }, parallel_tool_calls: false });
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, tools: [WEATHER], tool_choice: 'required' });
    expect(lastSent().tool_choice).toBe('required');
    expect(lastSent()).not.toHaveProperty('parallel_tool_calls');
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, tools: [WEATHER], tool_choice: 'none' });
    expect(lastSent().tool_choice).toBe('none');
    const err = (await client()
      .chat.completions.create({ model: bot.hash_id, messages: ASK, tools: [WEATHER], tool_choice: { type: 'function', function: { name: 'nope' } } })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.BadRequestError>;
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.param).toBe('tool_choice');
  });

  it('runTools: the SDK runs its own tool and the platform answers with its result', async () => {
    fake.set({ script: [{ toolCalls: [{ id: 'call_r', name: 'get_weather', arguments: { city: 'Busan' } }] }] });
    const seen: unknown[] = [];
    const runner = client().chat.completions.runTools({
      model: bot.hash_id,
      messages: [{ role: 'user', content: 'Weather in Busan?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'get_weather',
            description: 'The weather in a city',
            parameters: WEATHER.function.parameters!,
            parse: JSON.parse,
            function: (args: { city: string }) => {
              seen.push(args);
              return { sky: 'rain' };
            },
          },
        },
      ],
    });
    expect(await runner.finalContent()).toBe(REPLY);
    expect(seen).toEqual([{ city: 'Busan' }]);
    expect(fake.requests).toHaveLength(2);
    expect(lastSent().messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_r', content: '{"sky":"rain"}' });
  });
});

describe('parameters', () => {
  it('max_tokens, stop, seed, temperature, top_p, penalties, logit_bias and user reach the upstream; the chatbot’s values are the defaults', async () => {
    await client().chat.completions.create({
      model: bot.hash_id,
      messages: ASK,
      max_tokens: 42,
      stop: ['END'],
      seed: 7,
      temperature: 1.2,
      top_p: 0.5,
      presence_penalty: 0.3,
      frequency_penalty: -0.2,
      logit_bias: { '50256': -100 },
      user: 'user-123',
    });
    expect(lastSent()).toMatchObject({ max_tokens: 42, stop: ['END'], seed: 7, temperature: 1.2, top_p: 0.5, presence_penalty: 0.3, frequency_penalty: -0.2, logit_bias: { '50256': -100 }, user: 'user-123' });
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, max_completion_tokens: 9, stop: 'STOP' });
    expect(lastSent()).toMatchObject({ max_tokens: 9, stop: ['STOP'], temperature: 0.4 });
    expect(lastSent()).not.toHaveProperty('seed');
  });

  it('response_format json_schema (strict) and json_object reach the upstream', async () => {
    const schema = { type: 'object', properties: { sky: { type: 'string' } }, required: ['sky'], additionalProperties: false };
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, response_format: { type: 'json_schema', json_schema: { name: 'weather', schema, strict: true } } });
    expect(lastSent().response_format).toEqual({ type: 'json_schema', json_schema: { name: 'weather', schema, strict: true } });
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, response_format: { type: 'json_object' } });
    expect(lastSent().response_format).toEqual({ type: 'json_object' });
  });

  it('passes the model’s finish_reason through: length, streamed and not', async () => {
    fake.set({ script: [{ text: 'Cut short', finishReason: 'length' }, { text: 'Cut again', finishReason: 'length' }] });
    const res = await client().chat.completions.create({ model: bot.hash_id, messages: ASK, max_tokens: 2 });
    expect(res.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'Cut short' } });
    const finishes: string[] = [];
    for await (const chunk of await client().chat.completions.create({ model: bot.hash_id, messages: ASK, max_tokens: 2, stream: true })) {
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(finishes).toEqual(['length']);
  });

  it('reasoning_effort reaches the upstream and the reasoning comes back as reasoning_content (streamed and not); without it, none', async () => {
    fake.set({ reasoning: 'Weighing the clouds.' });
    let reasoning = '';
    let text = '';
    for await (const chunk of await client().chat.completions.create({ model: bot.hash_id, messages: ASK, reasoning_effort: 'low', stream: true })) {
      const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
      reasoning += delta?.reasoning_content ?? '';
      text += delta?.content ?? '';
    }
    expect(reasoning).toBe('Weighing the clouds.');
    expect(text).toBe(REPLY);
    expect(lastSent().reasoning_effort).toBe('low');
    const whole = await client().chat.completions.create({ model: bot.hash_id, messages: ASK, reasoning_effort: 'high' });
    expect((whole.choices[0]!.message as { reasoning_content?: string }).reasoning_content).toBe('Weighing the clouds.');
    const plain = await client().chat.completions.create({ model: bot.hash_id, messages: ASK });
    expect(plain.choices[0]!.message).not.toHaveProperty('reasoning_content');
    expect(lastSent()).not.toHaveProperty('reasoning_effort');
  });

  it('a model that cannot take tools or a JSON format (the offline demo model) gets a 400 naming tools or response_format', async () => {
    const setProvider = async (provider: string) => {
      await t.database.db.update(llmModels).set({ provider }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
      await t.settle();
    };
    await setProvider('offline');
    try {
      for (const [body, param] of [
        [{ tools: [WEATHER] }, 'tools'],
        [{ response_format: { type: 'json_object' } }, 'response_format'],
      ] as const) {
        const res = await post({ model: bot.hash_id, messages: ASK, ...body });
        expect(res.status, param).toBe(400);
        expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param);
      }
    } finally {
      await setProvider('openai-compatible');
    }
  });

  it('refuses what it cannot honour with a 400 naming param: n > 1, logprobs, a tool message without its call id, a bad role', async () => {
    for (const [body, param] of [
      [{ n: 2 }, 'n'],
      [{ logprobs: true }, 'logprobs'],
      [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].tool_call_id'],
      [{ messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
      [{ temperature: 3 }, 'temperature'],
      [{ messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: {} }] }] }, 'messages[0].content[0]'],
    ] as const) {
      const res = await post({ model: bot.hash_id, messages: ASK, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = (await res.json()) as { error: Record<string, unknown> };
      expect(error, JSON.stringify(body)).toMatchObject({ type: 'invalid_request_error', param });
    }
    expect(fake.requests).toHaveLength(0);
    // n: 1 is fine.
    await client().chat.completions.create({ model: bot.hash_id, messages: ASK, n: 1 });
  });
});

describe('images', () => {
  const PNG = `data:image/png;base64,${Buffer.from('fake png bytes').toString('base64')}`;
  const withImage = (url: string): OpenAI.ChatCompletionMessageParam[] => [
    { role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url } }] },
  ];
  const setVision = async (on: boolean) => {
    await t.database.db.update(llmModels).set({ supportsVision: on }).where(and(eq(llmModels.tenantId, t.a.id), eq(llmModels.modelName, 'fake-model')));
    await t.settle();
  };

  it('a model without vision: 400 naming the image part, nothing sent upstream', async () => {
    await setVision(false);
    const err = (await client().chat.completions.create({ model: bot.hash_id, messages: withImage(PNG) }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.BadRequestError>;
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.param).toBe('messages[0].content[1]');
    expect(fake.requests).toHaveLength(0);
  });

  it('a vision model gets a data URL image with the question; an https URL the SSRF guard refuses is a 400 naming the part', async () => {
    await setVision(true);
    try {
      const res = await client().chat.completions.create({ model: bot.hash_id, messages: withImage(PNG) });
      expect(res.choices[0]!.message.content).toBe(REPLY);
      expect(lastSent().messages.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: PNG } }] });
      for (const url of ['https://127.0.0.1/cat.png', 'http://example.com/cat.png', 'ftp://example.com/cat.png']) {
        const err = (await client().chat.completions.create({ model: bot.hash_id, messages: withImage(url) }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.BadRequestError>;
        expect(err, url).toBeInstanceOf(OpenAI.BadRequestError);
        expect(err.param).toBe('messages[0].content[1]');
      }
      expect(fake.requests).toHaveLength(1);
    } finally {
      await setVision(false);
    }
  });
});

describe('models and paths', () => {
  it('GET /v1/models/{id}: the chatbot as listed, 404 in OpenAI’s shape for one the key may not use', async () => {
    const model = await client().models.retrieve(bot.hash_id);
    expect(model).toMatchObject({ id: bot.hash_id, object: 'model', owned_by: 'you' });
    const err = (await client().models.retrieve('nope').catch((e: unknown) => e)) as InstanceType<typeof OpenAI.NotFoundError>;
    expect(err).toBeInstanceOf(OpenAI.NotFoundError);
    expect(err.error).toMatchObject({ type: 'not_found_error', code: 'model_not_found', param: null });
    // Another member's private chatbot and another tenant's are unknown models too.
    const other = await t.signIn(t.a, t.a.other.email);
    const theirs = (await t.call(t.a, other, { method: 'POST', url: '/api/chatbots/' })).json() as { id: number; hash_id: string };
    await t.call(t.a, other, { method: 'PATCH', url: `/api/chatbots/${theirs.id}/`, payload: { en_name: 'Theirs' } });
    const bMember = await t.signIn(t.b, t.b.member.email);
    const foreign = (await t.call(t.b, bMember, { method: 'POST', url: '/api/chatbots/' })).json() as { id: number; hash_id: string };
    await t.call(t.b, bMember, { method: 'PATCH', url: `/api/chatbots/${foreign.id}/`, payload: { en_name: 'Foreign' } });
    for (const id of [theirs.hash_id, foreign.hash_id]) await expect(client().models.retrieve(id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    // A key limited to other chatbots does not see this one.
    const second = (await call('POST', '/chatbots/')).json() as { id: number };
    const limited = ((await call('POST', '/apikeys/', { name: 'limited', chatbot_ids: [second.id] })).json() as { secret: string }).secret;
    await expect(new OpenAI({ apiKey: limited, baseURL: `${base}/v1`, maxRetries: 0 }).models.retrieve(bot.hash_id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('an unknown /v1 path answers JSON 404 in OpenAI’s shape, never the web app', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing'],
      ['POST', '/v1/embeddings'],
      ['GET', '/v1/chat/completions'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${secret}` } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      const { error } = (await res.json()) as { error: Record<string, unknown> };
      expect(Object.keys(error).sort()).toEqual(['code', 'message', 'param', 'type']);
      expect(error.type).toBe('not_found_error');
    }
  });

  it('x-request-id and x-ratelimit-* headers; listing models does not spend the completions budget', async () => {
    const limited = await buildTestApp({ providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } }, config: { rateLimits: rateLimitsConfig({ apiPerKey: { max: 3 } }) } });
    try {
      const who = await limited.signIn(limited.a, limited.a.member.email);
      const key = (await limited.call(limited.a, who, { method: 'POST', url: '/api/apikeys/', payload: { name: 'k' } })).json().secret as string;
      const mine = (await limited.call(limited.a, who, { method: 'POST', url: '/api/chatbots/' })).json() as { id: number; hash_id: string };
      await limited.call(limited.a, who, { method: 'PATCH', url: `/api/chatbots/${mine.id}/`, payload: { en_name: 'Mine' } });
      const c = new OpenAI({ apiKey: key, baseURL: `${await baseUrlOf(limited)}/v1`, maxRetries: 0 });
      for (let i = 0; i < 3; i += 1) await c.models.list();
      const { data, response } = await c.chat.completions.create({ model: mine.hash_id, messages: ASK }).withResponse();
      expect(data.choices[0]!.message.content).toBe(REPLY);
      expect(response.headers.get('x-request-id')).toBeTruthy();
      expect(response.headers.get('x-ratelimit-limit-requests')).toBe('3');
      expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('2');
      expect(response.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
      // A streamed answer has them too.
      const streamed = await c.chat.completions.create({ model: mine.hash_id, messages: ASK, stream: true }).withResponse();
      for await (const _ of streamed.data);
      expect(streamed.response.headers.get('x-request-id')).toBeTruthy();
      expect(streamed.response.headers.get('x-ratelimit-remaining-requests')).toBe('1');
      await expect(c.models.list()).rejects.toBeInstanceOf(OpenAI.RateLimitError);
    } finally {
      await limited.close();
    }
  });
});

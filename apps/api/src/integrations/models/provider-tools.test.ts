import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createLlmRegistry } from './index';
import { toolCallOptions, type ToolDefinition } from '../../llm/tools';

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'The weather in a city now.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

/** A fetch that keeps the request body and answers 400, so the call ends before any stream. */
function capture() {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify({ error: { message: 'captured' } }), { status: 400, headers: { 'content-type': 'application/json' } });
  };
  return { bodies, fetch };
}

async function offer(model: LanguageModelV3) {
  await expect(
    model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Seoul?' }] }], ...toolCallOptions([weather], { type: 'tool', toolName: 'get_weather' }) }),
  ).rejects.toMatchObject({ statusCode: 400 });
}

describe('the AI SDK providers take the same tools (decision 049)', () => {
  it('OpenAI, Anthropic and Google send the V3 function tool and a forced choice in their own API shapes', async () => {
    const o = capture();
    await offer(createOpenAI({ apiKey: 'k', fetch: o.fetch })('gpt-4.1-mini'));
    expect(o.bodies[0]).toMatchObject({ tools: [{ type: 'function', name: 'get_weather', description: weather.description, parameters: weather.inputSchema }], tool_choice: { type: 'function', name: 'get_weather' } });

    const a = capture();
    await offer(createAnthropic({ apiKey: 'k', fetch: a.fetch })('claude-haiku-4-5'));
    expect(a.bodies[0]).toMatchObject({ tools: [{ name: 'get_weather', description: weather.description, input_schema: weather.inputSchema }], tool_choice: { type: 'tool', name: 'get_weather' } });

    const g = capture();
    await offer(createGoogleGenerativeAI({ apiKey: 'k', fetch: g.fetch })('gemini-2.5-flash'));
    expect(g.bodies[0]).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'get_weather', description: weather.description }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['get_weather'] } },
    });
  });

  it('the registry says which models can be offered tools: every provider but the offline demo', () => {
    const registry = createLlmRegistry({});
    expect(['openai', 'anthropic', 'google', 'openai-compatible'].map((provider) => registry.supportsTools({ provider, modelName: 'm' }))).toEqual([true, true, true, true]);
    expect(registry.supportsTools({ provider: 'offline', modelName: 'offline-demo' })).toBe(false);
    expect(registry.supportsResponseFormat({ provider: 'offline', modelName: 'offline-demo' })).toBe(false);
    expect(registry.supportsResponseFormat({ provider: 'anthropic', modelName: 'm' })).toBe(true);
  });
});

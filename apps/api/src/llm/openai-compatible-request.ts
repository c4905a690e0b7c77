import type { LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { UnsupportedFunctionalityError } from '@ai-sdk/provider';

// The request the lean OpenAI-compatible client sends (openai-compatible-stream.ts): made once per
// answer, apart from the stream's parser that runs for every token.

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
type ToolCallMessage = { id: string; type: 'function'; function: { name: string; arguments: string } };
type Message =
  | { role: 'system' | 'user' | 'assistant'; content: string | ContentPart[] }
  | { role: 'assistant'; content: string | null; tool_calls: ToolCallMessage[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const base64Of = (data: Uint8Array | string | URL) =>
  typeof data === 'string' ? data : data instanceof URL ? null : Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

/**
 * The chat-completions messages of a prompt: text as a string; a user message with images (a
 * vision model's attachments) as parts, each image a `data:` URL; an assistant's tool calls as
 * `tool_calls` (arguments a JSON string), each tool result as a `tool` message of its own.
 */
export function toMessages(prompt: LanguageModelV3Prompt): Message[] {
  const out: Message[] = [];
  for (const m of prompt) {
    if (m.role === 'system') {
      out.push({ role: 'system', content: m.content });
      continue;
    }
    if (m.role === 'tool') {
      // Approval responses are for tools a provider runs; this endpoint runs none.
      for (const part of m.content) if (part.type === 'tool-result') out.push({ role: 'tool', tool_call_id: part.toolCallId, content: toolOutputText(part.output) });
      continue;
    }
    let text = '';
    let parts: ContentPart[] | null = null;
    let calls: ToolCallMessage[] | null = null;
    for (const part of m.content) {
      if (part.type === 'text') text += part.text;
      else if (part.type === 'file' && m.role === 'user' && part.mediaType.startsWith('image/')) {
        const url = part.data instanceof URL ? part.data.toString() : `data:${part.mediaType};base64,${base64Of(part.data)}`;
        (parts ??= []).push({ type: 'image_url', image_url: { url } });
      } else if (part.type === 'tool-call') {
        (calls ??= []).push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: argumentsOf(part.input) } });
      } else if (part.type !== 'reasoning') throw new UnsupportedFunctionalityError({ functionality: `${part.type} parts` });
    }
    if (calls) out.push({ role: 'assistant', content: text || null, tool_calls: calls });
    else out.push({ role: m.role, content: parts ? [{ type: 'text', text }, ...parts] : text });
  }
  return out;
}

/** A call's arguments as the JSON string the API wants: a string that is JSON as it is, anything else (a malformed string too) as its JSON, as the SDK's provider does. */
function argumentsOf(input: unknown): string {
  if (typeof input === 'string') {
    try {
      JSON.parse(input);
      return input;
    } catch {
      return JSON.stringify(input);
    }
  }
  return JSON.stringify(input ?? {});
}

function toolOutputText(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
    default:
      return JSON.stringify(output.value);
  }
}

/** `tools` and `tool_choice` of the request body: OpenAI's function tools. */
function toolsOf(options: LanguageModelV3CallOptions) {
  if (!options.tools?.length) return { tools: undefined, tool_choice: undefined };
  const tools = options.tools.map((t) => {
    if (t.type !== 'function') throw new UnsupportedFunctionalityError({ functionality: `provider tool ${t.id}` });
    return { type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema, ...(t.strict === undefined ? {} : { strict: t.strict }) } };
  });
  const choice = options.toolChoice;
  return { tools, tool_choice: choice?.type === 'tool' ? { type: 'function', function: { name: choice.toolName } } : choice?.type };
}

/** The options the lean client reads from `providerOptions.openaiCompatible` (the SDK provider's names, plus `logitBias`). */
interface CompatOptions {
  reasoningEffort?: string;
  parallelToolCalls?: boolean;
  user?: string;
  logitBias?: Record<string, number>;
  strictJsonSchema?: boolean;
}

/** `response_format` of a call: JSON mode, or a JSON schema (named, strict when asked). */
function responseFormatOf(options: LanguageModelV3CallOptions, compat: CompatOptions | undefined) {
  const format = options.responseFormat;
  if (format?.type !== 'json') return undefined;
  if (!format.schema) return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: format.name ?? 'response', description: format.description, schema: format.schema, strict: compat?.strictJsonSchema } };
}

/** The chat-completions request body of a call (the SDK provider's, with `stream` and usage). */
export function requestBodyOf(modelId: string, options: LanguageModelV3CallOptions): string {
  const compat = options.providerOptions?.openaiCompatible as CompatOptions | undefined;
  const { tools, tool_choice } = toolsOf(options);
  return JSON.stringify({
    model: modelId,
    messages: toMessages(options.prompt),
    tools,
    tool_choice,
    parallel_tool_calls: tools ? compat?.parallelToolCalls : undefined,
    stream: true,
    stream_options: { include_usage: true },
    temperature: options.temperature,
    top_p: options.topP,
    max_tokens: options.maxOutputTokens,
    stop: options.stopSequences,
    seed: options.seed,
    presence_penalty: options.presencePenalty,
    frequency_penalty: options.frequencyPenalty,
    response_format: responseFormatOf(options, compat),
    logit_bias: compat?.logitBias,
    user: compat?.user,
    reasoning_effort: compat?.reasoningEffort,
  });
}

import type { JSONSchema7, LanguageModelV3FunctionTool, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { chatCompletionBody } from '@app/contracts/openai';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { guardedFetch, SsrfError } from '../../platform/ssrf';
import type { ApiCallOptions, ApiMessages, ChatTurn } from '../chat/chat.service';

// An OpenAI chat completion request as the chat path's input (decision 053): the messages as the
// history and the question, the client's tools and sampling parameters as call options.

type Body = z.output<typeof chatCompletionBody>;
type Message = Body['messages'][number];

/** A 400 naming the request field it is about, as OpenAI's `param`. */
export const badParam = (param: string, message: string) => new AppError('bad_request', message, { param });

/**
 * Fields the model would need and the platform cannot give it: refused, never silently ignored.
 * One choice per request (`n`), no log probabilities (the chat path does not carry them), no audio.
 */
export function refuseUnsupported(body: Body & { modalities?: unknown; audio?: unknown }): void {
  if ((body.n ?? 1) > 1) throw badParam('n', 'Only one choice per request is supported: send `n: 1` (or leave it out) and ask again for more');
  if (body.logprobs) throw badParam('logprobs', 'Log probabilities are not supported');
  if (body.top_logprobs) throw badParam('top_logprobs', 'Log probabilities are not supported');
  if (body.audio || (Array.isArray(body.modalities) && body.modalities.some((m) => m !== 'text'))) throw badParam('modalities', 'Only text output is supported');
}

/** Largest image a client may send, by data URL or by https URL. */
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGES_MAX = 16;
/** How an image behind an https URL is read: through the SSRF guard (platform/ssrf.ts). */
export type ImageFetcher = (url: string) => Promise<{ contentType: string; body: Buffer; status: number }>;
export const fetchImageGuarded: ImageFetcher = (url) => guardedFetch(url, { maxBytes: IMAGE_MAX_BYTES, timeoutMs: 10_000, accept: 'image/*' });

/** An `image_url` part's image: a `data:` URL decoded, an https URL fetched through the guard; anything else a 400 naming the part. */
async function imageOf(part: Record<string, unknown>, param: string, fetchImage: ImageFetcher): Promise<{ data: Buffer; mediaType: string }> {
  const url = (part.image_url as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') throw badParam(param, 'An image_url part needs `image_url.url`');
  const data = /^data:(image\/[\w.+-]+);base64,(.*)$/s.exec(url);
  if (data) {
    const bytes = Buffer.from(data[2]!, 'base64');
    if (bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES) throw badParam(param, 'The image is empty or larger than 10 MB');
    return { data: bytes, mediaType: data[1]! };
  }
  if (!url.startsWith('https://')) throw badParam(param, 'An image is a data:image/…;base64 URL or an https URL');
  try {
    const res = await fetchImage(url);
    const mediaType = res.contentType.split(';')[0]!.trim().toLowerCase();
    if (res.status < 200 || res.status >= 300 || !mediaType.startsWith('image/')) throw new Error(`answered ${res.status} ${mediaType}`);
    return { data: res.body, mediaType };
  } catch (err) {
    throw badParam(param, `The image could not be read (${err instanceof SsrfError ? err.reason : (err as Error).message})`);
  }
}

/** A message's text (its text parts joined) and its images; any other part is refused with a 400 naming it. */
async function contentOf(content: Message['content'], at: number, fetchImage: ImageFetcher): Promise<{ text: string; images: Array<{ data: Buffer; mediaType: string }>; imageParam?: string }> {
  if (content === null || content === undefined) return { text: '', images: [] };
  if (typeof content === 'string') return { text: content, images: [] };
  const texts: string[] = [];
  const images: Array<{ data: Buffer; mediaType: string }> = [];
  let imageParam: string | undefined;
  for (const [j, p] of content.entries()) {
    const param = `messages[${at}].content[${j}]`;
    if (p.type === 'text' && typeof p.text === 'string') texts.push(p.text);
    else if (p.type === 'image_url') {
      images.push(await imageOf(p, param, fetchImage));
      imageParam ??= param;
    } else throw badParam(param, `Content parts of type "${p.type}" are not supported; send text or image_url`);
  }
  return { text: texts.join('\n'), images, imageParam };
}

/**
 * OpenAI's messages as the chat's: system and developer messages join the instructions; user,
 * assistant (with their tool calls) and tool messages are the history. The last must be the
 * user's, a tool's result, or an assistant's tool calls: its text is stored as the question.
 */
export async function apiMessagesOf(body: Body, fetchImage: ImageFetcher = fetchImageGuarded): Promise<ApiMessages> {
  const system: string[] = [];
  const turns: ChatTurn[] = [];
  // A tool message names only its call: the tool's name comes from the assistant message that made the call.
  const toolNames = new Map<string, string>();
  // The first image part, named in the 400 of a model without vision.
  let imageParam: string | undefined;
  const imageParts = body.messages.reduce((n, m) => n + (Array.isArray(m.content) ? m.content.filter((p) => p.type === 'image_url').length : 0), 0);
  if (imageParts > IMAGES_MAX) throw badParam('messages', `At most ${IMAGES_MAX} images per request`);
  for (const [i, m] of body.messages.entries()) {
    const { text, images, imageParam: at } = await contentOf(m.content, i, fetchImage);
    if (images.length > 0 && m.role !== 'user') throw badParam(at!, 'Only user messages may hold images');
    imageParam ??= at;
    if (m.role === 'system' || m.role === 'developer') system.push(text);
    else if (m.role === 'user') turns.push({ role: 'user', content: text, ...(images.length > 0 && { images }) });
    else if (m.role === 'assistant') {
      const toolCalls = m.tool_calls?.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments }));
      for (const c of toolCalls ?? []) toolNames.set(c.id, c.name);
      turns.push({ role: 'assistant', content: text, ...(toolCalls?.length && { toolCalls }) });
    } else turns.push({ role: 'tool', content: text, toolCall: { id: m.tool_call_id!, name: toolNames.get(m.tool_call_id!) ?? 'unknown' } });
  }
  const last = turns.pop();
  if (!last || (last.role === 'assistant' && !last.toolCalls)) throw badParam('messages', 'The last message must be the user’s, a tool’s result or an assistant’s tool calls');
  const options = callOptionsOf(body);
  // Reasoning is relayed (and switched on for a model that reasons on demand) when the client sets an effort.
  const thinking = body.reasoning_effort != null && body.reasoning_effort !== 'none';
  const base = { history: turns, system: system.filter(Boolean), options, thinking, ...(imageParam && { imageParam }) };
  // The question's images go with it (as a member's attachments do): `final` keeps them.
  // An image alone is a question too: its stored text says what it was.
  if (last.role === 'user') return { ...base, text: last.content.trim() || (last.images ? '[image]' : ''), ...(last.images && { final: last }) };
  // The stored question of a turn that is not the user's: its text, or what it is (the model gets it as it is).
  const text = last.content.trim() || (last.role === 'tool' ? `(result of ${last.toolCall!.name})` : (last.toolCalls ?? []).map((c) => `${c.name}(${c.arguments})`).join('\n'));
  return { ...base, text, final: last };
}

/**
 * The client's parameters as call options over the chatbot's: what the client leaves out keeps
 * the chatbot's value (temperature, top_p) or the provider's default. Provider options carry what
 * the V3 options have no field for, under each provider's name (a provider reads only its own).
 */
export function callOptionsOf(body: Body): ApiCallOptions {
  const options: ApiCallOptions = {};
  const max = body.max_completion_tokens ?? body.max_tokens;
  if (max != null) options.maxOutputTokens = max;
  if (body.temperature != null) options.temperature = body.temperature;
  if (body.top_p != null) options.topP = body.top_p;
  if (body.stop != null) options.stopSequences = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (body.seed != null) options.seed = body.seed;
  if (body.presence_penalty != null) options.presencePenalty = body.presence_penalty;
  if (body.frequency_penalty != null) options.frequencyPenalty = body.frequency_penalty;
  const format = body.response_format;
  if (format?.type === 'json_object') options.responseFormat = { type: 'json' };
  else if (format?.type === 'json_schema') {
    const s = format.json_schema;
    options.responseFormat = { type: 'json', name: s.name, ...(s.description && { description: s.description }), ...(s.schema && { schema: s.schema as JSONSchema7 }) };
  }
  if (body.tools?.length && body.tool_choice !== undefined) checkChoice(body);
  if (body.tools?.length) {
    options.tools = body.tools.map(
      (t): LanguageModelV3FunctionTool => ({
        type: 'function',
        name: t.function.name,
        description: t.function.description,
        inputSchema: (t.function.parameters ?? { type: 'object', properties: {} }) as JSONSchema7,
        ...(t.function.strict != null && { strict: t.function.strict }),
      }),
    );
    const choice = body.tool_choice;
    if (choice) options.toolChoice = typeof choice === 'string' ? { type: choice } : { type: 'tool', toolName: choice.function.name };
  } else if (body.tool_choice && body.tool_choice !== 'none' && body.tool_choice !== 'auto') {
    throw badParam('tool_choice', '`tool_choice` needs `tools`');
  }
  const provider = providerOptionsOf(body);
  if (provider) options.providerOptions = provider;
  return options;
}

/** A named tool choice must name one of the tools. */
function checkChoice(body: Body): void {
  const choice = body.tool_choice;
  if (choice && typeof choice !== 'string' && !body.tools!.some((t) => t.function.name === choice.function.name)) {
    throw badParam('tool_choice', `\`tool_choice\` names "${choice.function.name}", which is not one of the tools`);
  }
}

/** `parallel_tool_calls`, `logit_bias`, `user`, `reasoning_effort` and a strict JSON schema, as each provider names them (the client's effort over the thinking switch's). */
function providerOptionsOf(body: Body): SharedV3ProviderOptions | undefined {
  const common: Record<string, NonNullable<SharedV3ProviderOptions[string]>[string]> = {};
  if (body.tools?.length && body.parallel_tool_calls != null) common.parallelToolCalls = body.parallel_tool_calls;
  if (body.user != null) common.user = body.user;
  if (body.logit_bias != null) common.logitBias = body.logit_bias;
  if (body.reasoning_effort != null) common.reasoningEffort = body.reasoning_effort;
  const strict = body.response_format?.type === 'json_schema' ? body.response_format.json_schema.strict : undefined;
  if (strict != null) common.strictJsonSchema = strict;
  if (Object.keys(common).length === 0) return undefined;
  const out: SharedV3ProviderOptions = { openaiCompatible: common, openai: common };
  if (body.tools?.length && body.parallel_tool_calls === false) out.anthropic = { disableParallelToolUse: true };
  return out;
}

/** OpenAI's `finish_reason` for the model's. */
export function finishReasonOf(unified: string | undefined, hasCalls: boolean): string {
  if (unified === 'length') return 'length';
  if (unified === 'content-filter') return 'content_filter';
  if (unified === 'tool-calls' || hasCalls) return 'tool_calls';
  return 'stop';
}

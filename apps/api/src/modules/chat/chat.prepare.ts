import { CHAT_TEXT_MAX_CHARS, type chatBody, type ChatSource } from '@app/contracts/chat';
import type { ImageModelV3, LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { z } from 'zod';
import type { MemberContext, MemberRow } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { ChatbotsService, ChatChatbot } from '../chatbots/chatbots.service';
import type { Admission, CreditsService } from '../credits/credits.service';
import { usageUnits } from '../credits/credits.rules';
import type { GovernanceService } from '../governance/governance.service';
import type { TaskModesService } from '../task-modes/task-modes.service';
import { applyTemplate } from '@app/contracts/task-modes';
import type { LlmModelRow, LlmModelsService } from '../llm-models/llm-models.service';
import type { SessionRow, SessionsService } from '../sessions/sessions.service';
import { titleFrom } from '../sessions/sessions.service';
import type { LlmRegistry } from '../../integrations/models/index';
import type { ToolDefinition } from '../../llm/tools';
import type { FilesService } from '../files/files.service';
import type { WebSearchService } from '../web-search/web-search.service';
import type { AgentTools } from '../tools/tools.service';
import type { BuiltinTool } from '@app/contracts/tools';
import { CHARS_PER_TOKEN, estimateTokens, IMAGES_PER_ANSWER, imageCostUnits } from './chat.rules';

export type ChatInput = z.output<typeof chatBody>;

/** What the chat path needs of other modules: narrow views of their services, wired in app.ts. */
export interface ChatDeps {
  chatbots: Pick<ChatbotsService, 'forChat' | 'forVisitor' | 'countAnswersPart'>;
  models: Pick<LlmModelsService, 'enabledModel' | 'isUsableBy'>;
  sessions: Pick<SessionsService, 'own' | 'latestMessages' | 'visitorSession'>;
  /** A public chatbot's creator, whose credits a visitor's chat uses (spec §6). */
  members: { findById(tenantId: number, id: number): Promise<MemberRow | undefined> };
  credits: Pick<CreditsService, 'admit' | 'chargePart' | 'settle' | 'invalidate'>;
  governance: Pick<GovernanceService, 'screen'>;
  taskModes: Pick<TaskModesService, 'forChat'>;
  /** Attachments' text and images (issue 25 item 4) and a chatbot's knowledge excerpts (item 5). */
  files: Pick<FilesService, 'filesForChat' | 'retrieve' | 'saveGenerated'>;
  /** The web search switch (issue 27 item 1). */
  webSearch: Pick<WebSearchService, 'enabledFor' | 'run' | 'promptBlock' | 'costUnits'>;
  registry: LlmRegistry;
  /** Built-in tools (decision 050): a chatbot with tools answers through the agent loop (chat.agent.ts). */
  tools?: AgentTools;
}

export interface ChatTurn {
  /** `tool`: a client tool's result (the developer API; decision 053). */
  role: 'user' | 'assistant' | 'tool';
  content: string;
  /** A question's attached images, for a vision model. */
  images?: Array<{ data: Buffer; mediaType: string }>;
  /** An assistant's calls of the client's tools (the developer API's history), arguments as written. */
  toolCalls?: Array<{ id: string; name: string; arguments: string }>;
  /** A `tool` turn: the call it answers and that call's tool. */
  toolCall?: { id: string; name: string };
}

/** The developer API's call options (decision 053): the client's tools and sampling parameters, over the chatbot's. */
export type ApiCallOptions = Pick<
  LanguageModelV3CallOptions,
  'maxOutputTokens' | 'temperature' | 'topP' | 'stopSequences' | 'seed' | 'presencePenalty' | 'frequencyPenalty' | 'responseFormat' | 'tools' | 'toolChoice' | 'providerOptions'
>;

export function toPrompt(system: string, turns: ChatTurn[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: 'system', content: system }] : [];
  for (const t of turns) {
    if (t.role === 'tool') {
      const call = t.toolCall ?? { id: '', name: '' };
      prompt.push({ role: 'tool', content: [{ type: 'tool-result', toolCallId: call.id, toolName: call.name, output: { type: 'text', value: t.content } }] });
    } else if (t.toolCalls?.length) {
      prompt.push({
        role: 'assistant',
        content: [...(t.content ? [{ type: 'text' as const, text: t.content }] : []), ...t.toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.arguments }))],
      });
    } else if (t.role === 'user' && t.images?.length) {
      prompt.push({ role: 'user', content: [{ type: 'text', text: t.content }, ...t.images.map((i) => ({ type: 'file' as const, data: new Uint8Array(i.data), mediaType: i.mediaType }))] });
    } else prompt.push({ role: t.role as 'user' | 'assistant', content: [{ type: 'text', text: t.content }] });
  }
  return prompt;
}

/** What an attached image counts for in the context (a high-detail tile of the common vision APIs). */
const IMAGE_TOKENS = 800;
/** Knowledge excerpts a chatbot's answer gets (issue 25 item 5). */
const KNOWLEDGE_CHUNKS = 5;

/** The knowledge excerpts as the system prompt's block, cited from `first`. */
function knowledgeBlock(chunks: Array<{ document_name: string; heading: string; chunk: string }>, first: number): string {
  if (chunks.length === 0) return '';
  const lines = chunks.map((c, i) => `[${first + i}] ${c.document_name}${c.heading ? ` — ${c.heading}` : ''}\n${c.chunk}`);
  return `Excerpts from this chatbot's documents that may answer the question. Use them when relevant and cite them by their number, like [${first}].\n\n${lines.join('\n\n')}`;
}

const HISTORY_MESSAGES = 40;

/** A request that passed every check; nothing is written yet. */
export interface ChatPlan {
  ctx: MemberContext;
  chatbot: ChatChatbot;
  model: LlmModelRow;
  provider: LanguageModelV3;
  /** An image generation model's images API (decision 038): the question is its prompt, the answer its images. */
  imageModel: ImageModelV3 | null;
  session: SessionRow | undefined;
  title: string | null;
  isTest: boolean;
  /** `public`: a visitor's chat through a public link, charged to the creator (`ctx.member`); `api`: a developer API completion. */
  origin: 'member' | 'public' | 'api';
  text: string;
  /** Personal data masked out of the member's message (mask mode), by category. */
  masked: string[];
  /** The masking cost when something was masked, else 0. */
  maskingUnits: bigint;
  /** The credits held for the answer until its charge (decision 031); released if it never opens. */
  admission: Admission;
  /** Tokens sent, estimated: system and messages. */
  inputEstimate: number;
  /** The question's files as the history lists them. */
  attachments: Array<{ id: number; type: string; name: string }>;
  /** The answer's sources: web results and knowledge excerpts, numbered as the prompt cites them. */
  sources: ChatSource[];
  /** Web searches made for the answer, and what they cost. */
  webSearchCount: number;
  webSearchUnits: bigint;
  system: string;
  messages: ChatTurn[];
  temperature: number;
  topP: number;
  thinking: boolean;
  /** The developer API's options over the chatbot's (decision 053); null elsewhere. */
  apiOptions: ApiCallOptions | null;
  /** The tools the answer offers the model and its step limit (decision 050); null: the plain text path. */
  agent: { tools: BuiltinTool[]; definitions: ToolDefinition[]; maxSteps: number } | null;
  /** The question's attached files (a tool's input). */
  fileIds: number[];
}

/**
 * Phase 1 of a chat: every check that can refuse the request, before anything is written or sent
 * upstream — the chatbot (visible to the member), the model (picked or the chatbot's; allowed to the
 * member's groups), credits (spec §4), the input limit, the session (the member's own), then the
 * history that fits the context window. On a warm process every lookup but the history is a cache hit.
 */
export interface PrepareOptions {
  /** A visitor's chat on a public link: the approved version, looked up by the caller; `ctx.member` is the creator. */
  visitor?: { chatbot: ChatChatbot; model: LlmModelRow };
  /**
   * A completion of the developer API: the client's earlier messages stand for the history and its
   * system messages follow the chatbot's instructions; every message is screened like the question.
   */
  api?: {
    history: ChatTurn[];
    system: string[];
    /** The last message when it is not the user's text (a tool's result, an assistant's calls): sent as it is, its text stored as the question. */
    final?: ChatTurn;
    options?: ApiCallOptions;
    /** The request's first image part (`messages[i].content[j]`), named in the 400 of a model without vision. */
    imageParam?: string;
  };
}

/**
 * The output an answer of a model is expected to have, for the admission's estimate: the mean of
 * its recent answers in this process, `fallback` tokens before the first.
 */
export function createOutputEstimates(fallback = 400, window = 50) {
  const byModel = new Map<number, { sum: number; count: number }>();
  return {
    expected(modelId: number): number {
      const m = byModel.get(modelId);
      return m ? Math.ceil(m.sum / m.count) : fallback;
    },
    record(modelId: number, outputTokens: number): void {
      const m = byModel.get(modelId) ?? { sum: 0, count: 0 };
      // A moving mean over about `window` answers: old answers fade out.
      if (m.count >= window) {
        m.sum -= m.sum / m.count;
        m.count -= 1;
      }
      m.sum += outputTokens;
      m.count += 1;
      byModel.set(modelId, m);
    },
  };
}
export type OutputEstimates = ReturnType<typeof createOutputEstimates>;

export async function prepareChat(
  deps: ChatDeps,
  outputs: OutputEstimates,
  ctx: MemberContext,
  chatbotId: number,
  input: ChatInput,
  opts: PrepareOptions = {},
): Promise<ChatPlan> {
  const { visitor, api } = opts;
  const typed = input.text.trim();
  if (!typed && input.file_ids.length === 0) throw new AppError('message_empty');
  // Spec §8: a question over the input limit is 413 "split the question", before anything else reads it.
  if (typed.length > CHAT_TEXT_MAX_CHARS) throw new AppError('input_too_long', undefined, { max_chars: CHAT_TEXT_MAX_CHARS });
  // Restricted words and personal data (spec §8): refused (428) or masked before anything is stored or sent.
  const { text, masked, maskingUnits } = await deps.governance.screen(ctx.tenantId, typed);

  const { chatbot, model: botModel } = visitor ?? (await deps.chatbots.forChat(ctx, chatbotId));
  // A task mode (issue 27 §3) wraps the question in its template and may ask for its own model.
  const mode = input.task_mode_id ? await deps.taskModes.forChat(ctx.tenantId, input.task_mode_id) : null;
  // The model picker applies to default chatbots only; a chatbot of one's own keeps its model.
  const requested = visitor ? null : input.llm_model_id;
  let model = requested && requested !== botModel.id && chatbot.isDefault ? await deps.models.enabledModel(ctx, requested) : botModel;
  if (mode?.llmModelId && mode.llmModelId !== model.id) {
    const wanted = await deps.models.enabledModel(ctx, mode.llmModelId).catch(() => null);
    // The mode's model when the member may use it; otherwise the chatbot's answers.
    if (wanted && (await deps.models.isUsableBy(ctx, wanted))) model = wanted;
  }
  const asked = mode ? applyTemplate(mode.template, text) : text;
  if (!(await deps.models.isUsableBy(ctx, model))) throw new AppError(visitor ? 'chatbot_unavailable' : 'model_not_allowed');

  // Attachments (issue 25 item 4): the member's own files; images only for a vision model.
  const attached = input.file_ids.length > 0 ? await deps.files.filesForChat(ctx, input.file_ids) : null;
  const images = (attached?.parts ?? []).flatMap((p) => (p.type === 'image' ? [{ data: p.data, mediaType: p.media_type }] : []));
  if (images.length > 0 && !model.supportsVision) throw new AppError('vision_not_supported');
  const fileText = (attached?.parts ?? [])
    .flatMap((p) => (p.type === 'text' ? [`--- ${p.name} ---\n${p.text}`] : []))
    .join('\n\n');
  const question = fileText ? `${fileText}\n\n${asked}` : asked;

  // Sources (numbered together): web results when the member asked for a search, then the chatbot's knowledge.
  const sources: ChatSource[] = [];
  const blocks: string[] = [];
  let webSearchCount = 0;
  if (input.web_search && !api) {
    // Which is off, the model's search or the tenant's, so that the member is told the right one.
    if (!(await deps.webSearch.enabledFor(ctx, model))) throw new AppError('web_search_unavailable', undefined, { reason: model.supportsWebSearch ? 'tenant' : 'model' });
    const found = await deps.webSearch.run(ctx, text);
    webSearchCount = found.searchCount;
    blocks.push(deps.webSearch.promptBlock(found.sources));
    for (const r of found.sources) sources.push({ index: r.index, kind: 'web', title: r.title, url: r.url, snippet: r.snippet.slice(0, 300), score: null });
  }
  // Tools (decision 050): only a member's or visitor's chat with a text model; the chatbot's tools the member's groups may use.
  const agent = await agentOf(deps, ctx, chatbot, model, !api && !model.supportsImageGeneration);
  // With the knowledge search tool the model decides when and what to search.
  if (!chatbot.isDefault && !agent?.tools.includes('knowledge_search')) {
    const chunks = await deps.files.retrieve(ctx, chatbot.id, text, KNOWLEDGE_CHUNKS);
    const first = sources.length + 1;
    blocks.push(knowledgeBlock(chunks, first));
    chunks.forEach((c, i) =>
      sources.push({ index: first + i, kind: 'document', title: c.heading ? `${c.document_name} — ${c.heading}` : c.document_name, url: null, snippet: c.chunk.slice(0, 300), score: c.score }),
    );
  }

  const system = [chatbot.systemInstructions, ...(api?.system ?? []), ...blocks].filter(Boolean).join('\n\n');
  const budget = model.contextLimit - estimateTokens(system);
  if (estimateTokens(question) + images.length * IMAGE_TOKENS > budget) throw new AppError('input_too_long', undefined, { context_limit: model.contextLimit });
  if (api?.imageParam && !model.supportsVision) throw new AppError('bad_request', 'This model does not read images', { param: api.imageParam });
  // The client's tools need a model that can be offered tools (decision 053).
  if (api?.options?.tools && !deps.registry.supportsTools({ provider: model.provider, modelName: model.modelName })) {
    throw new AppError('bad_request', 'This model cannot be offered tools', { param: 'tools' });
  }
  if (api?.options?.responseFormat && !deps.registry.supportsResponseFormat({ provider: model.provider, modelName: model.modelName })) {
    throw new AppError('bad_request', 'This model cannot answer in a JSON format', { param: 'response_format' });
  }
  const provider = deps.registry.model({ provider: model.provider, modelName: model.modelName });
  const imageModel = model.supportsImageGeneration ? deps.registry.imageModel({ provider: model.provider, modelName: model.modelName }) : null;

  const hash = input.session_hash_id;
  const session = !hash ? undefined : visitor ? await deps.sessions.visitorSession(ctx.tenantId, hash, chatbotId) : await deps.sessions.own(ctx, hash);

  // History that fits the context window, newest kept first.
  const history: ChatTurn[] = [];
  if (api) {
    let used = estimateTokens(question);
    for (const m of [...api.history].reverse()) {
      // What the client's side wrote (its messages, its tools' results) is screened like the question.
      const screened = m.role === 'assistant' ? m.content : (await deps.governance.screen(ctx.tenantId, m.content)).text;
      used += estimateTokens(screened) + (m.toolCalls ? estimateTokens(JSON.stringify(m.toolCalls)) : 0) + (m.images?.length ?? 0) * IMAGE_TOKENS;
      if (used > budget) break;
      history.unshift({ ...m, content: screened });
    }
  } else if (session && !imageModel) {
    // An image model's prompt is the question alone: no history is read for it.
    let used = estimateTokens(question) + images.length * IMAGE_TOKENS;
    for (const m of await deps.sessions.latestMessages(ctx, session.id, HISTORY_MESSAGES)) {
      if (!m.text) continue;
      used += estimateTokens(m.text);
      if (used > budget) break;
      history.unshift({ role: m.speakerType === 'member' ? 'user' : 'assistant', content: m.text });
    }
  }

  const last: ChatTurn = api?.final ? { ...api.final, content: question } : { role: 'user', content: question, ...(images.length > 0 && { images }) };
  const messages: ChatTurn[] = [...history, last];
  // The estimate of system + messages as one text, from their lengths: no string is built.
  const inputEstimate = Math.ceil(messages.reduce((chars, m) => chars + m.content.length, system.length) / CHARS_PER_TOKEN) + images.length * IMAGE_TOKENS;
  const webSearchUnits = webSearchCount > 0 ? deps.webSearch.costUnits(model, webSearchCount) : 0n;
  // Last of the checks, so that nothing after it refuses: the admission holds credits (decision 031).
  // An image answer holds what its images cost (decision 038); a text answer its tokens'.
  const answerEstimate = imageModel
    ? imageCostUnits(model, IMAGES_PER_ANSWER) + usageUnits(inputEstimate, 0, model.inputCostE4, model.outputCostE4)
    : usageUnits(inputEstimate, outputs.expected(model.id), model.inputCostE4, model.outputCostE4);
  const estimate = answerEstimate + maskingUnits + webSearchUnits;
  const admission = await deps.credits.admit(ctx, model, estimate).catch((err: unknown) => {
    // A visitor is told the creator's credits ran out (spec §8), not their own.
    if (visitor && err instanceof AppError && err.code === 'credits_depleted') throw new AppError('creator_credits_depleted');
    throw err;
  });

  return {
    ctx,
    chatbot,
    model,
    provider,
    imageModel,
    session,
    title: input.session_title ? (await deps.governance.screen(ctx.tenantId, input.session_title)).text : titleFrom(text),
    isTest: !visitor && !api && input.is_test,
    origin: visitor ? 'public' : api ? 'api' : 'member',
    text,
    masked,
    maskingUnits,
    admission,
    inputEstimate,
    attachments: (attached?.files ?? []).map((f) => ({ id: f.id, type: f.type, name: f.name })),
    sources,
    webSearchCount,
    webSearchUnits,
    system,
    // Stored as typed (screened); sent in the task mode's template.
    messages,
    temperature: chatbot.temperature,
    topP: chatbot.topP,
    thinking: input.thinking,
    apiOptions: api?.options ?? null,
    agent,
    fileIds: (attached?.files ?? []).map((f) => f.id),
  };
}

/**
 * The tools an answer offers and its step limit, or null: the chatbot has none (one property
 * check: the plain text path pays nothing more), the caller takes no tools (the developer API, an
 * image model), the model cannot be offered tools, or the member's groups may use none of them.
 */
async function agentOf(deps: ChatDeps, ctx: MemberContext, chatbot: ChatChatbot, model: LlmModelRow, takesTools: boolean): Promise<ChatPlan['agent']> {
  if (chatbot.tools.length === 0 || !takesTools || !deps.tools) return null;
  if (!deps.registry.supportsTools({ provider: model.provider, modelName: model.modelName })) return null;
  const tools = await deps.tools.offered(ctx, chatbot.tools);
  return tools.length > 0 ? { tools, definitions: deps.tools.definitions(tools), maxSteps: chatbot.maxToolSteps } : null;
}

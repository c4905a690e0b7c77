import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModelV3, LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { ProvidersConfig } from '../config';
import { AppError } from '../platform/errors';
import { offlineModel } from './offline-model';
import { withLeanStreaming } from './openai-compatible-stream';

/** Vectors of texts from an embeddings model. */
export interface Embedder {
  model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface ModelRef {
  provider: string;
  modelName: string;
}

/** One place that turns a tenant's model row into an AI SDK model. */
export function createLlmRegistry(providers: ProvidersConfig) {
  const openai = providers.openai ? createOpenAI({ apiKey: providers.openai.apiKey, baseURL: providers.openai.baseUrl }) : null;
  const anthropic = providers.anthropic ? createAnthropic({ apiKey: providers.anthropic.apiKey }) : null;
  const google = providers.google ? createGoogleGenerativeAI({ apiKey: providers.google.apiKey }) : null;
  const compatible = providers.openaiCompatible
    ? createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: providers.openaiCompatible.baseUrl,
        apiKey: providers.openaiCompatible.apiKey,
        includeUsage: true,
      })
    : null;
  const offline = offlineModel();

  const unavailable = (ref: ModelRef) =>
    new AppError('chatbot_unavailable', `Provider "${ref.provider}" for model "${ref.modelName}" is not configured`);

  // Building a provider's model object costs about a millisecond: one per model, kept.
  const built = new Map<string, LanguageModelV3>();
  function build(ref: ModelRef): LanguageModelV3 {
    switch (ref.provider) {
      case 'openai':
        if (!openai) throw unavailable(ref);
        return openai(ref.modelName);
      case 'anthropic':
        if (!anthropic) throw unavailable(ref);
        return anthropic(ref.modelName);
      case 'google':
        if (!google) throw unavailable(ref);
        return google(ref.modelName);
      case 'openai-compatible':
        if (!compatible || !providers.openaiCompatible) throw unavailable(ref);
        return withLeanStreaming(compatible(ref.modelName), {
          baseURL: providers.openaiCompatible.baseUrl,
          apiKey: providers.openaiCompatible.apiKey,
          modelId: ref.modelName,
        });
      case 'offline':
        return offline;
      default:
        throw unavailable(ref);
    }
  }

  // Image models (issue 27 item 2): the provider's images API through its AI SDK adapter.
  const builtImages = new Map<string, ImageModelV3>();
  function buildImage(ref: ModelRef): ImageModelV3 {
    switch (ref.provider) {
      case 'openai':
        if (!openai) throw unavailable(ref);
        return openai.image(ref.modelName);
      case 'openai-compatible':
        if (!compatible) throw unavailable(ref);
        return compatible.imageModel(ref.modelName);
      default:
        throw unavailable(ref);
    }
  }

  return {
    /** The image model of a row that generates images. */
    imageModel(ref: ModelRef): ImageModelV3 {
      const key = `${ref.provider}\u0000${ref.modelName}`;
      let m = builtImages.get(key);
      if (!m) builtImages.set(key, (m = buildImage(ref)));
      return m;
    },
    /**
     * The embeddings model knowledge documents are indexed with (`EMBEDDING_MODEL`, issue 25), as
     * `embed(texts)` → one vector per text; null when none is configured.
     */
    embedder(): Embedder | null {
      const ref = providers.embeddingModel;
      if (!ref) return null;
      const model = ref.provider === 'openai' ? openai?.embeddingModel(ref.modelName) : compatible?.embeddingModel(ref.modelName);
      if (!model) return null;
      const perCall = 64;
      return {
        model: ref.modelName,
        async embed(texts, signal) {
          const out: number[][] = [];
          for (let i = 0; i < texts.length; i += perCall) {
            const r = await model.doEmbed({ values: texts.slice(i, i + perCall), abortSignal: signal });
            out.push(...r.embeddings);
          }
          return out;
        },
      };
    },
    model(ref: ModelRef): LanguageModelV3 {
      const key = `${ref.provider}\u0000${ref.modelName}`;
      let m = built.get(key);
      if (!m) built.set(key, (m = build(ref)));
      return m;
    },
    /**
     * Whether a model can be offered tools (decision 049): every provider's models take the V3
     * `tools` call option (OpenAI, Anthropic and Google through their AI SDK providers, an
     * OpenAI-compatible endpoint through the lean client); the offline demo model answers text only.
     */
    supportsTools: takesCallOptions,
    /**
     * Whether a model takes `responseFormat` (JSON mode, a JSON schema; decision 053): the same
     * providers as tools — each maps it to its own structured output; the offline demo model cannot.
     */
    supportsResponseFormat: takesCallOptions,
    /** Provider options that switch on reasoning ("thinking mode"). */
    thinkingOptions(ref: ModelRef, on: boolean): SharedV3ProviderOptions | undefined {
      if (!on) return undefined;
      switch (ref.provider) {
        case 'anthropic':
          return { anthropic: { thinking: { type: 'enabled', budgetTokens: 4096 } } };
        case 'google':
          return { google: { thinkingConfig: { includeThoughts: true } } };
        case 'openai':
          return { openai: { reasoningEffort: 'medium', reasoningSummary: 'auto' } };
        case 'openai-compatible':
          return { openaiCompatible: { reasoningEffort: 'medium' } };
        default:
          return undefined;
      }
    },
  };
}
export type LlmRegistry = ReturnType<typeof createLlmRegistry>;

/** The providers whose models take tools and a response format: all but the offline demo model. */
function takesCallOptions(ref: ModelRef): boolean {
  return ref.provider === 'openai' || ref.provider === 'anthropic' || ref.provider === 'google' || ref.provider === 'openai-compatible';
}

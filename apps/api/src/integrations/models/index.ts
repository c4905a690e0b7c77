import type { ImageModelV3, LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import { AppError } from '../../platform/errors';
import { anthropicProvider } from './anthropic';
import { googleProvider } from './google';
import { offlineProvider } from './offline';
import { openaiProvider } from './openai';
import { openaiCompatibleProvider } from './openai-compatible';
import type { Embedder, ModelProvider, ModelProviderEntry, ModelRef, ProvidersConfig } from './types';

/** The model providers by the name a tenant's model row stores. */
const registry: Record<string, ModelProviderEntry> = {
  openai: openaiProvider,
  anthropic: anthropicProvider,
  google: googleProvider,
  'openai-compatible': openaiCompatibleProvider,
  offline: offlineProvider,
};

const entryOf = (ref: ModelRef): ModelProviderEntry | undefined => (Object.hasOwn(registry, ref.provider) ? registry[ref.provider] : undefined);

/** The providers whose models take tools and a response format: all but the offline demo model. */
const takesCallOptions = (ref: ModelRef): boolean => entryOf(ref)?.takesCallOptions ?? false;

/** One place that turns a tenant's model row into an AI SDK model. */
export function createLlmRegistry(providers: ProvidersConfig) {
  const configured = new Map<string, ModelProvider>();
  for (const [name, entry] of Object.entries(registry)) {
    const provider = entry.create(providers);
    if (provider) configured.set(name, provider);
  }

  const unavailable = (ref: ModelRef) =>
    new AppError('chatbot_unavailable', `Provider "${ref.provider}" for model "${ref.modelName}" is not configured`);

  // Building a provider's model object costs about a millisecond: one per model, kept.
  const built = new Map<string, LanguageModelV3>();
  function build(ref: ModelRef): LanguageModelV3 {
    const provider = configured.get(ref.provider);
    if (!provider) throw unavailable(ref);
    return provider.languageModel(ref.modelName);
  }

  // Image models (issue 27 item 2): the provider's images API through its AI SDK adapter.
  const builtImages = new Map<string, ImageModelV3>();
  function buildImage(ref: ModelRef): ImageModelV3 {
    const provider = configured.get(ref.provider);
    if (!provider?.imageModel) throw unavailable(ref);
    return provider.imageModel(ref.modelName);
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
      const model = configured.get(ref.provider)?.embeddingModel?.(ref.modelName);
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
      return entryOf(ref)?.thinkingOptions?.();
    },
  };
}
export type LlmRegistry = ReturnType<typeof createLlmRegistry>;

import type { EmbeddingModelV3, ImageModelV3, LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';

/** The operator's model providers (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, …): each provider's section, absent when not configured. */
export interface ProvidersConfig {
  openai?: { apiKey: string; baseUrl?: string };
  anthropic?: { apiKey: string };
  google?: { apiKey: string };
  /** `lowCostModels`: those of `models` that are low-cost (unlimited: usable when credits are depleted, spec §4); `visionModels`: those that read images. */
  openaiCompatible?: {
    baseUrl: string;
    apiKey?: string;
    models: string[];
    lowCostModels?: string[];
    visionModels?: string[];
    /** Image generation models of the same endpoint (its images API), apart from the chat models. */
    imageModels?: string[];
  };
  /** The embeddings model knowledge documents are indexed with (`EMBEDDING_MODEL`), of a configured provider. */
  embeddingModel?: { provider: 'openai' | 'openai-compatible'; modelName: string };
}

/** A tenant's model row names its provider and the provider's model. */
export interface ModelRef {
  provider: string;
  modelName: string;
}

/** Vectors of texts from an embeddings model. */
export interface Embedder {
  model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** A configured provider: its models as AI SDK models. */
export interface ModelProvider {
  languageModel(modelName: string): LanguageModelV3;
  /** Image generation (issue 27 item 2), for the providers that have an images API. */
  imageModel?(modelName: string): ImageModelV3;
  /** Embeddings (`EMBEDDING_MODEL`, issue 25), for the providers that have them. */
  embeddingModel?(modelName: string): EmbeddingModelV3;
}

/** A provider of the registry, configured or not. */
export interface ModelProviderEntry {
  /** The provider built from its section of the config; null when it is not configured. */
  create(providers: ProvidersConfig): ModelProvider | null;
  /** Whether its models take the V3 `tools` and `responseFormat` call options (decisions 049, 053). */
  takesCallOptions: boolean;
  /** Provider options that switch on reasoning ("thinking mode"), when it has them. */
  thinkingOptions?(): SharedV3ProviderOptions;
}

import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { withLeanStreaming } from '../../llm/openai-compatible-stream';
import type { ModelProviderEntry } from './types';

/** Any OpenAI-compatible endpoint (vLLM, Ollama, a gateway); chat streams through the lean client (`llm/openai-compatible-stream.ts`). */
export const openaiCompatibleProvider: ModelProviderEntry = {
  create(providers) {
    const config = providers.openaiCompatible;
    if (!config) return null;
    const compatible = createOpenAICompatible({ name: 'openai-compatible', baseURL: config.baseUrl, apiKey: config.apiKey, includeUsage: true });
    return {
      languageModel: (name) => withLeanStreaming(compatible(name), { baseURL: config.baseUrl, apiKey: config.apiKey, modelId: name }),
      imageModel: (name) => compatible.imageModel(name),
      embeddingModel: (name) => compatible.embeddingModel(name),
    };
  },
  takesCallOptions: true,
  thinkingOptions: () => ({ openaiCompatible: { reasoningEffort: 'medium' } }),
};

import { createOpenAI } from '@ai-sdk/openai';
import type { ModelProviderEntry } from './types';

export const openaiProvider: ModelProviderEntry = {
  create(providers) {
    if (!providers.openai) return null;
    const openai = createOpenAI({ apiKey: providers.openai.apiKey, baseURL: providers.openai.baseUrl });
    return {
      languageModel: (name) => openai(name),
      imageModel: (name) => openai.image(name),
      embeddingModel: (name) => openai.embeddingModel(name),
    };
  },
  takesCallOptions: true,
  thinkingOptions: () => ({ openai: { reasoningEffort: 'medium', reasoningSummary: 'auto' } }),
};

import { createAnthropic } from '@ai-sdk/anthropic';
import type { ModelProviderEntry } from './types';

export const anthropicProvider: ModelProviderEntry = {
  create(providers) {
    if (!providers.anthropic) return null;
    const anthropic = createAnthropic({ apiKey: providers.anthropic.apiKey });
    return { languageModel: (name) => anthropic(name) };
  },
  takesCallOptions: true,
  thinkingOptions: () => ({ anthropic: { thinking: { type: 'enabled', budgetTokens: 4096 } } }),
};

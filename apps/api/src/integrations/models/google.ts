import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { ModelProviderEntry } from './types';

export const googleProvider: ModelProviderEntry = {
  create(providers) {
    if (!providers.google) return null;
    const google = createGoogleGenerativeAI({ apiKey: providers.google.apiKey });
    return { languageModel: (name) => google(name) };
  },
  takesCallOptions: true,
  thinkingOptions: () => ({ google: { thinkingConfig: { includeThoughts: true } } }),
};

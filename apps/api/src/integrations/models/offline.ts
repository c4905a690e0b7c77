import { offlineModel } from '../../llm/offline-model';
import type { ModelProviderEntry } from './types';

/** The demo model a fresh install answers with until a provider is configured: always there; text only, no tools, no reasoning. */
export const offlineProvider: ModelProviderEntry = {
  create() {
    const offline = offlineModel();
    return { languageModel: () => offline };
  },
  takesCallOptions: false,
};

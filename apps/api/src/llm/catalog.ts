import type { Provider } from '@app/contracts/llm-models';
import type { ProvidersConfig } from '../config';
import { OFFLINE_DISPLAY_NAME, OFFLINE_MODEL_NAME } from './offline-model';

export interface CatalogModel {
  provider: Provider;
  modelName: string;
  displayName: string;
  contextLimit: number;
  /** Credits per 10K tokens. */
  inputCost: number;
  outputCost: number;
  isLowLlm: boolean;
  releaseDate: string | null;
  supportsVision: boolean;
  supportsThinking: boolean;
  supportsWebSearch: boolean;
  supportsImageGeneration: boolean;
  /** Credits per generated image (image models). */
  imageCost: number;
}

// Web search is the platform's (it searches, then puts the results in the prompt): every chat model can use it.
const base = { supportsVision: false, supportsThinking: false, supportsWebSearch: true, supportsImageGeneration: false, imageCost: 0 };

/** What an image of the catalogue's image models costs, in credits, until an admin changes the row. */
const IMAGE_COST = 4;

/**
 * Starting rows for each configured provider. These are only defaults written into a tenant's
 * model table; from then on the rows are tenant data that admins change.
 */
export function catalogFor(providers: ProvidersConfig): CatalogModel[] {
  const out: CatalogModel[] = [];
  if (providers.openai) {
    out.push(
      { ...base, provider: 'openai', modelName: 'gpt-4.1-mini', displayName: 'GPT-4.1 mini', contextLimit: 1_000_000, inputCost: 4, outputCost: 16, isLowLlm: true, releaseDate: '2025-04-14', supportsVision: true },
      { ...base, provider: 'openai', modelName: 'gpt-4.1', displayName: 'GPT-4.1', contextLimit: 1_000_000, inputCost: 20, outputCost: 80, isLowLlm: false, releaseDate: '2025-04-14', supportsVision: true },
      { ...base, provider: 'openai', modelName: 'o4-mini', displayName: 'o4-mini', contextLimit: 200_000, inputCost: 11, outputCost: 44, isLowLlm: false, releaseDate: '2025-04-16', supportsVision: true, supportsThinking: true },
    );
  }
  if (providers.anthropic) {
    out.push(
      { ...base, provider: 'anthropic', modelName: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5', contextLimit: 200_000, inputCost: 10, outputCost: 50, isLowLlm: true, releaseDate: '2025-10-15', supportsVision: true, supportsThinking: true },
      { ...base, provider: 'anthropic', modelName: 'claude-sonnet-4-5', displayName: 'Claude Sonnet 4.5', contextLimit: 200_000, inputCost: 30, outputCost: 150, isLowLlm: false, releaseDate: '2025-09-29', supportsVision: true, supportsThinking: true },
    );
  }
  if (providers.google) {
    out.push(
      { ...base, provider: 'google', modelName: 'gemini-2.5-flash', displayName: 'Gemini 2.5 Flash', contextLimit: 1_000_000, inputCost: 3, outputCost: 25, isLowLlm: true, releaseDate: '2025-06-17', supportsVision: true, supportsThinking: true },
      { ...base, provider: 'google', modelName: 'gemini-2.5-pro', displayName: 'Gemini 2.5 Pro', contextLimit: 1_000_000, inputCost: 13, outputCost: 100, isLowLlm: false, releaseDate: '2025-06-17', supportsVision: true, supportsThinking: true },
    );
  }
  for (const name of providers.openaiCompatible?.models ?? []) {
    const isLowLlm = providers.openaiCompatible?.lowCostModels?.includes(name) ?? false;
    const supportsVision = providers.openaiCompatible?.visionModels?.includes(name) ?? false;
    out.push({ ...base, provider: 'openai-compatible', modelName: name, displayName: name, contextLimit: 32_768, inputCost: isLowLlm ? 0.1 : 1, outputCost: isLowLlm ? 0.1 : 1, isLowLlm, releaseDate: null, supportsThinking: true, supportsVision });
  }
  // Image models answer a question with images (issue 27 item 2): charged per image, not per token; their prompt is the question alone.
  for (const name of providers.openaiCompatible?.imageModels ?? []) {
    out.push({ ...base, provider: 'openai-compatible', modelName: name, displayName: name, contextLimit: 4_000, inputCost: 0, outputCost: 0, isLowLlm: false, releaseDate: null, supportsWebSearch: false, supportsImageGeneration: true, imageCost: IMAGE_COST });
  }
  if (out.length === 0) {
    out.push({ ...base, provider: 'offline', modelName: OFFLINE_MODEL_NAME, displayName: OFFLINE_DISPLAY_NAME, contextLimit: 32_768, inputCost: 0, outputCost: 0, isLowLlm: true, releaseDate: null });
  }
  return out;
}

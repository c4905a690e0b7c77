import type { ProvidersConfig } from '../integrations/models/types';
import type { SmsConfig } from '../integrations/sms/types';

// The integrations' settings in AppConfig (config.ts reads them from the environment): their
// types, and the model providers' reading of their variables.

/** Limits of the code interpreter's sandbox (decision 051); its runner's options are this type. */
export interface CodeInterpreterConfig {
  /** Wall-clock limit of one run, from the code's start (the interpreter's own start is not counted). */
  timeoutSeconds: number;
  /** Python's heap (WebAssembly memory); past it an allocation fails with MemoryError. */
  memoryMb: number;
  /** Cap of stdout and of stderr, each. */
  maxOutputBytes: number;
  /** How many new or changed files of the working folder come back. */
  maxOutputFiles: number;
  /** The largest file that comes back. */
  maxOutputFileBytes: number;
  /** Runs at the same time; more wait their turn. */
  maxConcurrent: number;
  /** A folder of Pyodide wheels (with the release's pyodide-lock.json names) imports load from; null: the standard library only. */
  wheelsDir: string | null;
  /** Interpreters kept started ahead of need, so a run does not pay Pyodide's load (the runner's default 1). */
  warmSpares: number;
  /** Also start each interpreter in its own network namespace where the machine allows it (the runner's default 'auto'). */
  networkNamespace: 'auto' | 'off';
}

export interface SsoConfig {
  /** Seals platforms' client secrets (`SSO_SECRET`, else the JWT secret). */
  secret: string | null;
  /** `SSO_ALLOW_PRIVATE_NETWORKS`: platforms may live on private or loopback addresses (an intranet IdP or directory). */
  allowPrivateNetworks: boolean;
  /** `SSO_ALLOW_HTTP`: an issuer may be plain http (development and tests only). */
  allowHttp: boolean;
  /** SMS codes: an HTTP provider (`SMS_URL`, `SMS_API_KEY`, `SMS_SENDER`), else files in DATA_DIR/sms-outbox. */
  sms: SmsConfig;
}

export interface WebSearchConfig {
  /** null: no search provider unless a tenant sets one in the console. */
  provider: { kind: 'searxng' | 'tavily' | 'brave'; url: string | null; apiKey: string | null } | null;
  /** Results put in the prompt per search (1–20). */
  maxResults: number;
  /** Top result pages fetched (through the SSRF guard) to enrich their snippets; 0 = snippets only. */
  fetchPages: number;
}

export interface FileLimitsConfig {
  maxMb: number;
  maxPages: number;
  maxFilesPerMessage: number;
  pagesPerDay: number;
  /** Expiring files (should_expire) are deleted, with their text, this long after upload. */
  expireHours: number;
}

export interface FileParsingConfig {
  /** Parser threads (`FILES_PARSE_THREADS`). */
  threads: number;
  /** Uploads that may wait for a thread beyond those parsing; past it an upload is answered 429 (`FILES_PARSE_QUEUE`). */
  queue: number;
  /** A thread's V8 heap (`FILES_PARSE_MEMORY_MB`): past it the thread ends, the file is refused and a new thread starts. */
  memoryMb: number;
  /** Wall time of one file's check or parse (`FILES_PARSE_TIMEOUT_SECONDS`); past it its thread is ended. */
  timeoutSeconds: number;
  /** Uncompressed size of one part of an office file, declared and actual (`FILES_MAX_ENTRY_MB`). */
  maxEntryMb: number;
  /** Uncompressed size of all parts together (`FILES_MAX_EXPANDED_MB`). */
  maxExpandedMb: number;
  /** Rows of a spreadsheet (`FILES_MAX_ROWS`). */
  maxRows: number;
  /** Characters of a file's text (`FILES_MAX_CHARS`). */
  maxChars: number;
}

/**
 * Payple (decision 032): the partner API (`baseUrl`, `cstId`, `custKey`, server side only) and its
 * payment window for the web app: the script (`scriptUrl`, default `<baseUrl>/js/v1/payment.js`)
 * and the partner's client key (`clientKey`, public). Without a client key the window is not
 * offered and members pay with a card saved earlier only.
 */
export interface PaypleSettings {
  baseUrl: string;
  cstId: string;
  custKey: string;
  clientKey: string | null;
  scriptUrl: string;
}

export interface PaymentsConfig {
  payple: PaypleSettings | null;
  secret: string | null;
  creditPriceKrw: number;
}

/** The variables the model providers are read from (config.ts's schema trims them; blank is unset). */
export type ProvidersEnv = Partial<Record<
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'GOOGLE_GENERATIVE_AI_API_KEY'
  | 'OPENAI_COMPATIBLE_BASE_URL'
  | 'OPENAI_COMPATIBLE_API_KEY'
  | 'OPENAI_COMPATIBLE_MODELS'
  | 'OPENAI_COMPATIBLE_LOW_COST_MODELS'
  | 'OPENAI_COMPATIBLE_VISION_MODELS'
  | 'OPENAI_COMPATIBLE_IMAGE_MODELS'
  | 'EMBEDDING_MODEL',
  string | undefined
>>;

/** `OPENAI_*`, `ANTHROPIC_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY`, `OPENAI_COMPATIBLE_*`, `EMBEDDING_MODEL`: the configured model providers. */
export function providersFrom(env: ProvidersEnv): ProvidersConfig {
  const providers: ProvidersConfig = {};
  if (env.OPENAI_API_KEY) providers.openai = { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL };
  if (env.ANTHROPIC_API_KEY) providers.anthropic = { apiKey: env.ANTHROPIC_API_KEY };
  if (env.GOOGLE_GENERATIVE_AI_API_KEY) providers.google = { apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY };
  if (env.OPENAI_COMPATIBLE_BASE_URL) {
    const models = (env.OPENAI_COMPATIBLE_MODELS ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (models.length === 0) throw new Error('OPENAI_COMPATIBLE_MODELS must list at least one model when OPENAI_COMPATIBLE_BASE_URL is set');
    const subset = (name: string, value: string | undefined) => {
      const list = (value ?? '')
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      const unknown = list.filter((m) => !models.includes(m));
      if (unknown.length > 0) throw new Error(`${name} names models not in OPENAI_COMPATIBLE_MODELS: ${unknown.join(', ')}`);
      return list;
    };
    const lowCostModels = subset('OPENAI_COMPATIBLE_LOW_COST_MODELS', env.OPENAI_COMPATIBLE_LOW_COST_MODELS);
    const visionModels = subset('OPENAI_COMPATIBLE_VISION_MODELS', env.OPENAI_COMPATIBLE_VISION_MODELS);
    const imageModels = (env.OPENAI_COMPATIBLE_IMAGE_MODELS ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    const both = imageModels.filter((m) => models.includes(m));
    if (both.length > 0) throw new Error(`OPENAI_COMPATIBLE_IMAGE_MODELS names chat models of OPENAI_COMPATIBLE_MODELS: ${both.join(', ')}`);
    providers.openaiCompatible = { baseUrl: env.OPENAI_COMPATIBLE_BASE_URL, apiKey: env.OPENAI_COMPATIBLE_API_KEY, models, lowCostModels, visionModels, imageModels };
  }
  if (env.EMBEDDING_MODEL) {
    const [provider, ...rest] = env.EMBEDDING_MODEL.split(':') as ['openai' | 'openai-compatible', ...string[]];
    if (!(provider === 'openai' ? providers.openai : providers.openaiCompatible)) {
      throw new Error(`Invalid configuration:\n  EMBEDDING_MODEL: the ${provider} provider is not configured`);
    }
    providers.embeddingModel = { provider, modelName: rest.join(':') };
  }
  return providers;
}

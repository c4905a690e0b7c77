import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from './db/types';
import type { MailConfig } from './integrations/mail/types';
import type { ProvidersConfig } from './integrations/models/types';
import type { StorageConfig } from './integrations/storage/types';
import { DEFAULT_RATE_LIMITS, type RateLimitsConfig, rateLimitsConfig } from './platform/rate-limits';
import { parseTrustProxy, type TrustProxy } from './platform/trust-proxy';
import { type CodeInterpreterConfig, type FileLimitsConfig, type FileParsingConfig, type PaymentsConfig, providersFrom, type SsoConfig, type WebSearchConfig } from './config/integrations';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DEFAULT_TENANT: z.string().default('demo'),
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false'),
  WEB_DIST: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ADMIN_EMAIL: optionalString,
  SEED_ADMIN_PASSWORD: optionalString,
  SEED_MEMBER_EMAIL: optionalString,
  SEED_MEMBER_PASSWORD: optionalString,
  DEFAULT_MEMBER_CREDIT_QUOTA: z.coerce.number().min(0).default(1000),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  OPENAI_COMPATIBLE_BASE_URL: optionalString,
  OPENAI_COMPATIBLE_API_KEY: optionalString,
  OPENAI_COMPATIBLE_MODELS: optionalString,
  OPENAI_COMPATIBLE_LOW_COST_MODELS: optionalString,
  OPENAI_COMPATIBLE_VISION_MODELS: optionalString,
  OPENAI_COMPATIBLE_IMAGE_MODELS: optionalString,
  EMBEDDING_MODEL: z
    .string()
    .regex(/^(openai|openai-compatible):\S+$/, 'provider:model, e.g. openai:text-embedding-3-small or openai-compatible:bge-m3')
    .optional(),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Chatbot platform <no-reply@localhost>'),
  APP_URL: optionalString,
  MASKING_CREDIT_COST: z.coerce.number().min(0).max(1_000_000).default(1),
  BULK_INVITE_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(100),
  REDIS_URL: optionalString,
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((v) => parseTrustProxy(v) !== null, 'false, true (1 hop), a hop count, or a comma-separated list of proxy addresses or CIDR ranges'),
  RATE_LIMITS: optionalString,
  PAYPLE_BASE_URL: optionalString,
  PAYPLE_CST_ID: optionalString,
  PAYPLE_CUST_KEY: optionalString,
  PAYPLE_CLIENT_KEY: optionalString,
  PAYPLE_SCRIPT_URL: optionalString,
  PAYMENT_SECRET: optionalString,
  CREDIT_PRICE_KRW: z.coerce.number().min(0).max(1_000_000).default(10),
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  FILES_MAX_MB: z.coerce.number().min(1).max(1024).default(50),
  FILES_MAX_PAGES: z.coerce.number().int().min(1).default(300),
  FILES_MAX_PER_MESSAGE: z.coerce.number().int().min(1).max(50).default(5),
  FILES_PAGES_PER_DAY: z.coerce.number().int().min(1).default(1000),
  FILES_EXPIRE_HOURS: z.coerce.number().min(0.01).default(24),
  FILES_PARSE_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  FILES_PARSE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  FILES_PARSE_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  FILES_PARSE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  FILES_MAX_ENTRY_MB: z.coerce.number().min(1).max(4096).default(64),
  FILES_MAX_EXPANDED_MB: z.coerce.number().min(1).max(16_384).default(256),
  FILES_MAX_ROWS: z.coerce.number().int().min(1).default(100_000),
  FILES_MAX_CHARS: z.coerce.number().int().min(1).default(10_000_000),
  WEB_SEARCH_PROVIDER: z.enum(['searxng', 'tavily', 'brave']).optional(),
  WEB_SEARCH_URL: optionalString,
  WEB_SEARCH_API_KEY: optionalString,
  WEB_SEARCH_MAX_RESULTS: z.coerce.number().int().min(1).max(20).default(5),
  WEB_SEARCH_FETCH_PAGES: z.coerce.number().int().min(0).max(5).default(2),
  ERROR_REPORT_URL: optionalString,
  SSO_SECRET: optionalString,
  SSO_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  SSO_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
  SMS_URL: optionalString,
  SMS_API_KEY: optionalString,
  SMS_SENDER: optionalString,
  SAMPLE_DATA: z.enum(['0', '1', 'true', 'false']).default('0'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  OPERATOR_API_KEY: optionalString,
  CODE_INTERPRETER: z.enum(['on', 'off']).default('on'),
  CODE_INTERPRETER_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  CODE_INTERPRETER_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
  CODE_INTERPRETER_MAX_OUTPUT_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  CODE_INTERPRETER_MAX_FILES: z.coerce.number().int().min(1).max(100).default(10),
  CODE_INTERPRETER_MAX_FILE_MB: z.coerce.number().min(0.1).max(100).default(10),
  CODE_INTERPRETER_MAX_CONCURRENT: z.coerce.number().int().min(1).max(64).default(2),
  CODE_INTERPRETER_WARM_SPARES: z.coerce.number().int().min(0).max(8).default(1),
  CODE_INTERPRETER_WHEELS_DIR: optionalString,
  CODE_INTERPRETER_NETWORK_NAMESPACE: z.enum(['auto', 'off']).default('auto'),
  METRICS_TOKEN: optionalString,
  METRICS_PER_TENANT: z.enum(['true', 'false']).default('false'),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString,
  OTEL_SERVICE_NAME: z.string().default('chatbot-api'),
});

const limitOverride = z.object({ max: z.number().int().min(1).optional(), windowSeconds: z.number().int().min(1).optional() }).strict();
const rateLimitOverrides = z.object(Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, limitOverride.optional()]))).strict();

/** `RATE_LIMITS`: unset = the defaults; `off` = no limits; else JSON overrides, e.g. `{"chatPerMember":{"max":120}}`. */
function rateLimitsFrom(value: string | undefined): RateLimitsConfig {
  if (!value) return rateLimitsConfig();
  if (value === 'off') return rateLimitsConfig({}, false);
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('Invalid configuration:\n  RATE_LIMITS: expected "off" or a JSON object');
  }
  const parsed = rateLimitOverrides.safeParse(json);
  if (!parsed.success) throw new Error(`Invalid configuration:\n  RATE_LIMITS: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return rateLimitsConfig(parsed.data);
}

export type { ProvidersConfig };
export type { CodeInterpreterConfig, FileLimitsConfig, FileParsingConfig, PaymentsConfig, PaypleSettings, SsoConfig, WebSearchConfig } from './config/integrations';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  defaultTenant: string;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  cookieSecure: boolean;
  webDist: string | null;
  logLevel: string;
  seed: { adminEmail?: string; adminPassword?: string; memberEmail?: string; memberPassword?: string };
  defaultMemberCreditQuota: number;
  providers: ProvidersConfig;
  mail: MailConfig;
  /** Base URL for links in mail (`APP_URL`); without it, the origin of the request that sends the mail. */
  appUrl: string | null;
  /** Rows the console sends per bulk-invite request (`BULK_INVITE_BATCH_SIZE`). */
  bulkInviteBatchSize: number;
  /** Credits charged per member message whose personal data was masked (`MASKING_CREDIT_COST`, spec §9). */
  maskingCreditCost: number;
  /** Redis for what several instances share (`REDIS_URL`): rate-limit counters. */
  redisUrl: string | null;
  /**
   * Behind a reverse proxy (`TRUST_PROXY`): the proxies believed about the client's address and
   * protocol (X-Forwarded-For, X-Forwarded-Proto): none, a hop count, or their addresses (decision 047).
   */
  trustProxy: TrustProxy;
  /** Abuse limits (`RATE_LIMITS`). */
  rateLimits: RateLimitsConfig;
  /**
   * Payments (decision 032): Payple when `PAYPLE_BASE_URL`, `PAYPLE_CST_ID` and `PAYPLE_CUST_KEY`
   * are set, else the manual provider; saved billing keys are encrypted with a key derived from
   * `PAYMENT_SECRET` (else the JWT secret); a purchased credit costs `CREDIT_PRICE_KRW`.
   */
  payments?: PaymentsConfig;
  /** Where uploaded files' bytes go: DATA_DIR/files unless `S3_BUCKET` is set (decision 034). */
  storage?: StorageConfig;
  /** Upload limits (`FILES_*`), served to the web app by `GET /files/settings/`. */
  fileLimits?: Partial<FileLimitsConfig>;
  /** Parsing off the event loop, and the caps checked before a file is inflated (`FILES_PARSE_*`, `FILES_MAX_*`, decision 045). */
  fileParsing?: Partial<FileParsingConfig>;
  /** Web search for chats (`WEB_SEARCH_*`, decision 035); a tenant's console settings override it. */
  webSearch?: WebSearchConfig;
  /** Server errors (≥ 500) and the web app's uncaught errors are posted here (`ERROR_REPORT_URL`); unset: the structured log only. */
  errorReportUrl?: string | null;
  /** Single sign-on (decision 039); unset: secrets sealed under the JWT secret, public https platforms only, SMS to an outbox. */
  sso?: SsoConfig;
  /** `SAMPLE_DATA=1`: the seed fills the demo tenant with sample members, chatbots, sessions and a month of usage. */
  sampleData?: boolean;
  /** On SIGTERM/SIGINT, how long running answers may go on before they are closed as interrupted (`SHUTDOWN_GRACE_SECONDS`, decision 040). */
  shutdownGraceSeconds?: number;
  /** The operator API's key (`OPERATOR_API_KEY`, header `x-operator-key`); unset: the operator routes do not exist (decision 040). */
  operatorApiKey?: string | null;
  /** The code interpreter's sandbox (`CODE_INTERPRETER_*`, decision 051); null or unset: the tool is not offered. */
  codeInterpreter?: CodeInterpreterConfig | null;
  /** Prometheus metrics (decision 052): `GET /metrics` behind this bearer token (`METRICS_TOKEN`); unset: no endpoint, nothing recorded. */
  metrics?: { token: string; perTenant: boolean } | null;
  /** OpenTelemetry traces to `OTEL_EXPORTER_OTLP_ENDPOINT` (decision 052); unset: the SDK is never loaded. */
  tracing?: { endpoint: string | null; serviceName: string };
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts of a single instance. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The only place that reads process.env. Fails fast on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  if (e.WEB_SEARCH_PROVIDER === 'searxng' && !e.WEB_SEARCH_URL) throw new Error('Invalid configuration:\n  WEB_SEARCH_URL: required with WEB_SEARCH_PROVIDER=searxng');
  if ((e.WEB_SEARCH_PROVIDER === 'tavily' || e.WEB_SEARCH_PROVIDER === 'brave') && !e.WEB_SEARCH_API_KEY) throw new Error(`Invalid configuration:\n  WEB_SEARCH_API_KEY: required with WEB_SEARCH_PROVIDER=${e.WEB_SEARCH_PROVIDER}`);
  if (e.METRICS_TOKEN && e.METRICS_TOKEN.length < 24) throw new Error('Invalid configuration:\n  METRICS_TOKEN: at least 24 characters (e.g. `openssl rand -hex 24`)');
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT && !/^https?:\/\//.test(e.OTEL_EXPORTER_OTLP_ENDPOINT)) throw new Error('Invalid configuration:\n  OTEL_EXPORTER_OTLP_ENDPOINT: an http(s) URL, e.g. http://127.0.0.1:4318');
  if (e.OPERATOR_API_KEY && e.OPERATOR_API_KEY.length < 24) throw new Error('Invalid configuration:\n  OPERATOR_API_KEY: at least 24 characters (e.g. `openssl rand -hex 24`)');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    defaultTenant: e.DEFAULT_TENANT,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    cookieSecure: e.COOKIE_SECURE === 'true',
    webDist: e.WEB_DIST ?? null,
    logLevel: e.LOG_LEVEL,
    seed: {
      adminEmail: e.SEED_ADMIN_EMAIL,
      adminPassword: e.SEED_ADMIN_PASSWORD,
      memberEmail: e.SEED_MEMBER_EMAIL,
      memberPassword: e.SEED_MEMBER_PASSWORD,
    },
    defaultMemberCreditQuota: e.DEFAULT_MEMBER_CREDIT_QUOTA,
    providers: providersFrom(e),
    mail: e.SMTP_URL ? { kind: 'smtp', url: e.SMTP_URL, from: e.MAIL_FROM } : { kind: 'outbox', dir: path.join(dataDir, 'outbox'), from: e.MAIL_FROM },
    appUrl: e.APP_URL?.replace(/\/+$/, '') ?? null,
    bulkInviteBatchSize: e.BULK_INVITE_BATCH_SIZE,
    maskingCreditCost: e.MASKING_CREDIT_COST,
    redisUrl: e.REDIS_URL ?? null,
    trustProxy: parseTrustProxy(e.TRUST_PROXY)!,
    rateLimits: rateLimitsFrom(e.RATE_LIMITS),
    payments: {
      payple:
        e.PAYPLE_BASE_URL && e.PAYPLE_CST_ID && e.PAYPLE_CUST_KEY
          ? {
              baseUrl: e.PAYPLE_BASE_URL.replace(/\/+$/, ''),
              cstId: e.PAYPLE_CST_ID,
              custKey: e.PAYPLE_CUST_KEY,
              clientKey: e.PAYPLE_CLIENT_KEY ?? null,
              scriptUrl: e.PAYPLE_SCRIPT_URL ?? `${e.PAYPLE_BASE_URL.replace(/\/+$/, '')}/js/v1/payment.js`,
            }
          : null,
      secret: e.PAYMENT_SECRET ?? null,
      creditPriceKrw: e.CREDIT_PRICE_KRW,
    },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    errorReportUrl: e.ERROR_REPORT_URL ?? null,
    sso: {
      secret: e.SSO_SECRET ?? null,
      allowPrivateNetworks: e.SSO_ALLOW_PRIVATE_NETWORKS === 'true',
      allowHttp: e.SSO_ALLOW_HTTP === 'true',
      sms: e.SMS_URL ? { kind: 'http', url: e.SMS_URL, apiKey: e.SMS_API_KEY ?? null, sender: e.SMS_SENDER ?? null } : { kind: 'outbox', dir: path.join(dataDir, 'sms-outbox') },
    },
    sampleData: e.SAMPLE_DATA === '1' || e.SAMPLE_DATA === 'true',
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    operatorApiKey: e.OPERATOR_API_KEY ?? null,
    codeInterpreter:
      e.CODE_INTERPRETER === 'off'
        ? null
        : {
            timeoutSeconds: e.CODE_INTERPRETER_TIMEOUT_SECONDS,
            memoryMb: e.CODE_INTERPRETER_MEMORY_MB,
            maxOutputBytes: e.CODE_INTERPRETER_MAX_OUTPUT_KB * 1024,
            maxOutputFiles: e.CODE_INTERPRETER_MAX_FILES,
            maxOutputFileBytes: Math.round(e.CODE_INTERPRETER_MAX_FILE_MB * 1024 * 1024),
            maxConcurrent: e.CODE_INTERPRETER_MAX_CONCURRENT,
            wheelsDir: e.CODE_INTERPRETER_WHEELS_DIR ?? null,
            warmSpares: e.CODE_INTERPRETER_WARM_SPARES,
            networkNamespace: e.CODE_INTERPRETER_NETWORK_NAMESPACE,
          },
    metrics: e.METRICS_TOKEN ? { token: e.METRICS_TOKEN, perTenant: e.METRICS_PER_TENANT === 'true' } : null,
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null, serviceName: e.OTEL_SERVICE_NAME },
    webSearch: {
      provider: e.WEB_SEARCH_PROVIDER ? { kind: e.WEB_SEARCH_PROVIDER, url: e.WEB_SEARCH_URL?.replace(/\/+$/, '') ?? null, apiKey: e.WEB_SEARCH_API_KEY ?? null } : null,
      maxResults: e.WEB_SEARCH_MAX_RESULTS,
      fetchPages: e.WEB_SEARCH_FETCH_PAGES,
    },
    fileLimits: { maxMb: e.FILES_MAX_MB, maxPages: e.FILES_MAX_PAGES, maxFilesPerMessage: e.FILES_MAX_PER_MESSAGE, pagesPerDay: e.FILES_PAGES_PER_DAY, expireHours: e.FILES_EXPIRE_HOURS },
    fileParsing: {
      threads: e.FILES_PARSE_THREADS,
      queue: e.FILES_PARSE_QUEUE,
      memoryMb: e.FILES_PARSE_MEMORY_MB,
      timeoutSeconds: e.FILES_PARSE_TIMEOUT_SECONDS,
      maxEntryMb: e.FILES_MAX_ENTRY_MB,
      maxExpandedMb: e.FILES_MAX_EXPANDED_MB,
      maxRows: e.FILES_MAX_ROWS,
      maxChars: e.FILES_MAX_CHARS,
    },
  };
}

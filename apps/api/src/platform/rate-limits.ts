import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

/** A budget of `max` requests per `windowSeconds` for one key. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * The abuse limits (issue 22 §4). Keys are per account, per address or per member; each policy
 * counts on its own. Defaults suit one organisation's people behind one office address.
 */
export const DEFAULT_RATE_LIMITS = {
  /**
   * Wrong passwords for one email of one tenant, from every address: past it, addresses the email
   * has not signed in from are slowed down, never its owner's (platform/sign-in-limits.ts).
   */
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords for one email from one address: past it, that pair waits for the window. */
  signInPerAccountAddress: { max: 10, windowSeconds: 15 * 60 },
  /** Sign-in attempts from one address, whatever the email (credential stuffing). */
  signInPerAddress: { max: 100, windowSeconds: 15 * 60 },
  /** Verification codes mailed to one email (counted over codes sent, beside one a minute: platform/send-limits.ts). */
  codesPerEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Verification codes requested from one address. */
  codesPerAddress: { max: 30, windowSeconds: 60 * 60 },
  /** Password resets for one email (counted over resets done, beside one a minute: platform/send-limits.ts). */
  passwordResetPerAccount: { max: 5, windowSeconds: 60 * 60 },
  /** Password resets requested from one address. */
  passwordResetPerAddress: { max: 30, windowSeconds: 60 * 60 },
  /** Chat messages of one member. */
  chatPerMember: { max: 60, windowSeconds: 60 },
  /** Uploads of one member. */
  uploadsPerMember: { max: 60, windowSeconds: 60 },
  /** Chats with public chatbots from one address (no account behind them). */
  publicChatPerAddress: { max: 30, windowSeconds: 60 },
  /** Requests of one developer API key (issue 28). */
  apiPerKey: { max: 60, windowSeconds: 60 },
  /** The web app's own error reports (`POST /client-errors/`) from one address. */
  clientErrorsPerAddress: { max: 30, windowSeconds: 60 },
} satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
/** Counted over wrong passwords, not requests: platform/sign-in-limits.ts, not a route's guard. */
const FAILURE_LIMITS = ['signInPerAccount', 'signInPerAccountAddress'] as const;
type RequestLimitName = Exclude<RateLimitName, (typeof FAILURE_LIMITS)[number]>;
export type RateLimitsConfig = { enabled: boolean } & Record<RateLimitName, Limit>;

export function rateLimitsConfig(overrides: Partial<Record<RateLimitName, Partial<Limit>>> = {}, enabled = true): RateLimitsConfig {
  const out = { enabled } as RateLimitsConfig;
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]) out[name] = { ...DEFAULT_RATE_LIMITS[name], ...overrides[name] };
  return out;
}

type Check = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number; max?: number; remaining?: number }>;

/** What routes use: a preHandler that counts the request against each named limit under its key. */
export interface RateLimiter {
  /** `key` returns the counted identity (an email, a member id); `null` skips the policy for this request. */
  guard(...policies: Array<[RequestLimitName, (req: FastifyRequest) => string | null]>): preHandlerAsyncHookHandler;
}

/**
 * The maintained plugin's counters (in memory embedded; in Redis when `REDIS_URL` is set, so every
 * instance shares them), used through its `createRateLimit`: a request may count against several
 * policies (per member AND per address), which the plugin's one-limit-per-request hook cannot do.
 * Over the limit: 429 `rate_limited` in the error shape with `retry-after` in seconds.
 */
export async function registerRateLimits(app: FastifyInstance, config: RateLimitsConfig, redis?: Redis): Promise<RateLimiter> {
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'rl:' } : {}),
    // A broken Redis must not take sign-in down with it: count nothing rather than fail.
    skipOnError: true,
  });
  const checks = new Map<RequestLimitName, Check>();
  const create = (app as unknown as { createRateLimit(o: object): Check }).createRateLimit;
  for (const name of Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]) {
    if ((FAILURE_LIMITS as readonly string[]).includes(name)) continue;
    const limit = config[name];
    checks.set(name as RequestLimitName, create({ max: limit.max, timeWindow: limit.windowSeconds * 1000, keyGenerator: (req: FastifyRequest) => (req as KeyedRequest)[KEY] ?? '' }));
  }
  return {
    guard(...policies) {
      return async (req: FastifyRequest, reply: FastifyReply) => {
        if (!config.enabled) return;
        for (const [name, keyOf] of policies) {
          const key = keyOf(req);
          if (key === null) continue;
          (req as KeyedRequest)[KEY] = `${name}:${key}`;
          const result = await checks.get(name)!(req);
          if (result.max !== undefined) (req as KeyedRequest)[STATE] = { max: result.max, remaining: result.remaining ?? 0, resetSeconds: result.ttlInSeconds ?? 0 };
          if (!result.isAllowed && result.isExceeded) {
            const seconds = Math.max(1, result.ttlInSeconds ?? 1);
            void reply.header('retry-after', String(seconds));
            throw new AppError('rate_limited', `Too many requests; try again in ${seconds} s`, { retry_after_seconds: seconds, limit: name });
          }
        }
      };
    },
  };
}

const KEY = Symbol('rateLimitKey');
const STATE = Symbol('rateLimitState');
/** Where the request stands in its last counted budget: its size, what is left, when it starts again. */
export interface RateLimitState {
  max: number;
  remaining: number;
  resetSeconds: number;
}
type KeyedRequest = FastifyRequest & { [KEY]?: string; [STATE]?: RateLimitState };

/** The request's last counted budget, for headers that tell the client (the developer API's `x-ratelimit-*`); none when limits are off. */
export const rateLimitOf = (req: FastifyRequest): RateLimitState | undefined => (req as KeyedRequest)[STATE];

/** The client's address as the server sees it (the proxy's forwarded one when TRUST_PROXY is set). */
export const byAddress = (req: FastifyRequest) => req.ip;
export const byMember = (req: FastifyRequest) => (req.member ? `${req.member.tenantId}:${req.member.id}` : null);

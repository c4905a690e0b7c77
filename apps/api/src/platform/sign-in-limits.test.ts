import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { rateLimitsConfig } from './rate-limits';
import { createSignInLimits } from './sign-in-limits';

// Decision 047: wrong passwords counted per email and address, the owner's addresses never slowed.
// The same policy on both stores: this process's memory (embedded) and Redis (several instances).

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
afterAll(() => redis.quit());

const config = rateLimitsConfig({ signInPerAccount: { max: 2, windowSeconds: 60 }, signInPerAccountAddress: { max: 3, windowSeconds: 60 } });
const refusal = async (p: Promise<void>) => {
  try {
    await p;
    return null;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.status, ...(err.details as { limit: string; retry_after_seconds: number }) };
  }
};

describe.each([
  ['memory', () => createSignInLimits(config)],
  ['Redis', () => createSignInLimits(config, redis)],
])('sign-in limits in %s', (_store, make) => {
  // A tenant id of this run's own, so runs sharing a Redis do not meet.
  const tenant = randomInt(1_000_000, 2_000_000_000);
  const email = 'owner@example.test';

  it('other addresses spend the email’s budget: new addresses are slowed, the owner’s known one is not', async () => {
    const limits = make();
    await limits.check(tenant, email, 'home');
    await limits.succeeded(tenant, email, 'home');
    for (const address of ['a1', 'a2']) {
      await limits.check(tenant, email, address);
      await limits.failed(tenant, email, address);
    }
    // One attempt per email from an unknown address, then a wait (1 s, growing with the failures).
    expect(await refusal(limits.check(tenant, email, 'a3'))).toBeNull();
    await limits.failed(tenant, email, 'a3');
    expect(await refusal(limits.check(tenant, ' OWNER@example.test', 'a4'))).toEqual({ status: 429, limit: 'signInPerAccount', retry_after_seconds: 1 });
    expect(await refusal(limits.check(tenant, email, 'home'))).toBeNull();
    expect(await refusal(limits.check(tenant + 1, email, 'a4'))).toBeNull();
  });

  it('one address’s wrong passwords lock only that address, and a right one clears them', async () => {
    const limits = make();
    const who = `pair-${randomInt(1e9)}@example.test`;
    for (let i = 0; i < 3; i++) await limits.failed(tenant, who, 'guesser');
    expect(await refusal(limits.check(tenant, who, 'guesser'))).toEqual({ status: 429, limit: 'signInPerAccountAddress', retry_after_seconds: 60 });
    expect(await refusal(limits.check(tenant, who, 'home'))).toBeNull();
    for (let i = 0; i < 2; i++) await limits.failed(tenant, who, 'home');
    await limits.succeeded(tenant, who, 'home');
    await limits.failed(tenant, who, 'home');
    expect(await refusal(limits.check(tenant, who, 'home'))).toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMeta } from '@app/contracts/chat';
import { LiveAnswer } from './live-answers';
import { createLiveChannel, type LiveChannel } from './live-channel';

/**
 * The live channel's bookkeeping on a real Redis (the cross-instance reattach and stop run end to
 * end in src/test/scale-out.test.ts): what a dead instance announced is found by a live one's sweep.
 */
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
const opened: LiveChannel[] = [];
afterAll(async () => {
  await Promise.all(opened.map((c) => c.close()));
  await redis.quit();
});

const meta: ChatMeta = { session_hash_id: 'h1', session_title: null, chatbot_id: 1, llm_model_id: 1, model: 'fake-model', user_message_id: 41, assistant_message_id: 42 };

async function channel(ns: string, answers: Map<string, LiveAnswer>): Promise<LiveChannel> {
  const c = await createLiveChannel(ns, redis, (t, h) => answers.get(`${t}:${h}`), async () => false);
  opened.push(c);
  return c;
}

describe('live channel', () => {
  it('an answer announced by an instance that died is found by the sweep of one alive, once', async () => {
    const ns = `test-${randomBytes(4).toString('hex')}`;
    const answer = new LiveAnswer(7, 3, 'h1', meta, new AbortController(), false);
    const dying = await channel(ns, new Map([['7:h1', answer]]));
    dying.announce(answer, 42);
    const alive = await channel(ns, new Map());
    expect(await alive.find(7, 'h1')).toMatchObject({ instance: dying.instanceId, memberId: 3 });

    // Alive: its answers are nobody's to recover.
    const recovered: Array<Array<{ tenantId: number; answerId: number }>> = [];
    await alive.sweep(async (o) => void recovered.push(o));
    expect(recovered).toEqual([]);

    // Its word of being alive gone (as when it is killed and the word expires), the answer is an orphan.
    await redis.del(`chat:${ns}:alive:${dying.instanceId}`);
    expect(await alive.find(7, 'h1')).toBeNull();
    const later = await channel(ns, new Map());
    await later.sweep(async (o) => void recovered.push(o));
    expect(recovered).toEqual([[{ tenantId: 7, answerId: 42 }]]);
    expect(await redis.exists(`chat:${ns}:live:7:h1`)).toBe(0);
  });

  it('a retired answer is no longer found; a newer answer of the session is not retired by the older one', async () => {
    const ns = `test-${randomBytes(4).toString('hex')}`;
    const a = new LiveAnswer(7, 3, 'h2', meta, new AbortController(), false);
    const one = await channel(ns, new Map());
    const two = await channel(ns, new Map());
    one.announce(a, 1);
    two.announce(a, 2);
    one.retire(a, 1);
    expect(await one.find(7, 'h2')).toMatchObject({ instance: two.instanceId });
    two.retire(a, 2);
    expect(await one.find(7, 'h2')).toBeNull();
  });
});

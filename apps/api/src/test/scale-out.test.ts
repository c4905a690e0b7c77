import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { type Balancer, call, type Instance, openStream, SEED, serverDatabase, signIn, startBalancer, startInstance, textOfEvents } from './instances';

/**
 * Issue 30 items 1 and 2: two API processes (`main.ts`) on one PostgreSQL database and one Redis,
 * behind a round-robin balancer. Every request below goes through the balancer; consecutive
 * requests alternate, and `x-served-by` shows which instance served each.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const REPLY = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
// Wrong passwords per account and address (the balancer's), in Redis for both instances.
const SIGN_IN_LIMIT = 10;

describe.runIf(Boolean(serverUrl))('two instances on one PostgreSQL and one Redis (runs with TEST_DATABASE_URL)', () => {
  let fake: FakeLlm;
  let db: Awaited<ReturnType<typeof serverDatabase>>;
  const instances: Instance[] = [];
  let lb: Balancer;
  let member: string;
  let chatbotId: number;

  beforeAll(async () => {
    fake = await startFakeLlm({ scenario: { reply: REPLY, tokenDelayMs: 25 } });
    db = await serverDatabase(serverUrl!);
    const env = {
      DATABASE_URL: db.url,
      // Several instances sign and check tokens with one secret (else each keeps its own in DATA_DIR).
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      OPENAI_COMPATIBLE_BASE_URL: fake.url,
      OPENAI_COMPATIBLE_MODELS: 'fake-model',
      RATE_LIMITS: JSON.stringify({ signInPerAccountAddress: { max: SIGN_IN_LIMIT, windowSeconds: 60 } }),
    };
    // One after the other: the first migrates and seeds the empty database.
    instances.push(await startInstance(env));
    instances.push(await startInstance(env));
    lb = await startBalancer(instances.map((i) => i.url));
    member = (await signIn(lb.url, SEED.member)).token;
    const bots = await call(lb.url, member, 'GET', '/api/chatbots/?include_default=true');
    if (bots.status !== 200) throw new Error(`chatbots ${bots.status}: ${JSON.stringify(bots.body)}`);
    chatbotId = (bots.body as { items: Array<{ id: number }> }).items[0]!.id;
  }, 90_000);

  afterAll(async () => {
    await lb?.close();
    await Promise.all(instances.map((i) => i.stop()));
    await fake?.close();
    await db?.drop();
  });

  it('a token from one instance is accepted by the other', async () => {
    const signedIn = await signIn(lb.url, SEED.member);
    const me = await call(lb.url, signedIn.token, 'GET', '/api/sessions/?page=1');
    expect(me.status).toBe(200);
    expect(me.servedBy).not.toBe(signedIn.servedBy);
  });

  it('an admin demoted on one instance is refused on the other at the next request', async () => {
    const admin = await signIn(lb.url, SEED.admin);
    const list = await call(lb.url, admin.token, 'GET', '/api/admin/members/?page=1&size=30');
    const memberRow = (list.body as { items: Array<{ id: number; email: string }> }).items.find((m) => m.email === SEED.member)!;
    expect((await call(lb.url, admin.token, 'PATCH', `/api/admin/members/${memberRow.id}/`, { is_admin: true })).status).toBe(200);
    const promoted = await signIn(lb.url, SEED.member);
    // Warm both instances' caches with the member as an admin.
    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const r = await call(lb.url, promoted.token, 'GET', '/api/admin/announcements/');
      expect(r.status).toBe(200);
      seen.add(r.servedBy);
    }
    expect(seen.size).toBe(2);
    const demoted = await call(lb.url, admin.token, 'PATCH', `/api/admin/members/${memberRow.id}/`, { is_admin: false });
    expect(demoted.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await call(lb.url, promoted.token, 'GET', '/api/admin/announcements/');
      // A role change ends the member's sessions (token version): refused as signed out.
      expect([r.status, r.servedBy === demoted.servedBy ? 'same' : 'other']).toEqual([401, i === 0 ? 'other' : 'same']);
    }
    member = (await signIn(lb.url, SEED.member)).token;
  });

  it('a sign-out on one instance ends the access token on the other at once', async () => {
    const signedIn = await call(lb.url, null, 'POST', '/api/auth/sign-in/', { email: SEED.member, password: SEED.password });
    const { access_token, refresh_token } = signedIn.body as { access_token: string; refresh_token: string };
    // Both instances have the member cached as signed in.
    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const r = await call(lb.url, access_token, 'GET', '/api/sessions/?page=1');
      expect(r.status).toBe(200);
      seen.add(r.servedBy);
    }
    expect(seen.size).toBe(2);
    const out = await call(lb.url, null, 'POST', '/api/auth/sign-out/', { refresh_token });
    expect(out.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const r = await call(lb.url, access_token, 'GET', '/api/sessions/?page=1');
      expect([r.status, r.servedBy === out.servedBy ? 'same' : 'other']).toEqual([401, i === 0 ? 'other' : 'same']);
    }
  });

  it('announcements and sessions written on one instance are read on the other at once', async () => {
    const admin = await signIn(lb.url, SEED.admin);
    const created = await call(lb.url, admin.token, 'POST', '/api/admin/announcements/', { title: 'Scaled out', content: 'Two instances', location: 'dashboard' });
    expect(created.status).toBe(201);
    const active = await call(lb.url, member, 'GET', '/api/announcements/active/');
    expect(active.servedBy).not.toBe(created.servedBy);
    expect(JSON.stringify(active.body)).toContain('Scaled out');

    fake.set({ tokenDelayMs: 1 });
    const chat = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'Hello from one' });
    await chat.done;
    fake.set({ tokenDelayMs: 25 });
    const hash = chat.meta!.session_hash_id;
    const sessions = await call(lb.url, member, 'GET', '/api/sessions/?page=1');
    expect(sessions.servedBy).not.toBe(chat.servedBy);
    expect(JSON.stringify(sessions.body)).toContain(hash);
    const history = await call(lb.url, member, 'GET', `/api/sessions/${hash}/history/`);
    expect(JSON.stringify(history.body)).toContain('Hello from one');
  });

  it('a stop pressed on one instance aborts the stream running on the other: the upstream request is cancelled within 1 s', async () => {
    fake.reset();
    const chat = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'Count slowly' });
    await chat.texts(3);
    const pressed = Date.now();
    const stop = await call(lb.url, member, 'POST', `/api/sessions/${chat.meta!.session_hash_id}/stop/`);
    expect(stop.servedBy).not.toBe(chat.servedBy);
    expect(stop.body).toEqual({ stopped: true });
    while (fake.aborted === 0 && Date.now() - pressed < 1000) await new Promise((r) => setTimeout(r, 10));
    expect(fake.aborted).toBe(1);
    expect(Date.now() - pressed).toBeLessThan(1000);
    const events = await chat.done;
    expect(events.at(-1)).toEqual({ type: 'end', status: 'stopped' });
  });

  it('a reload that lands on the other instance reattaches: the text so far, then the rest as it comes', async () => {
    const chat = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'Count for me' });
    await chat.texts(5);
    chat.leave();
    await chat.done;
    const again = await openStream(lb.url, member, 'GET', `/api/sessions/${chat.meta!.session_hash_id}/stream/`);
    expect(again.status).toBe(200);
    expect(again.servedBy).not.toBe(chat.servedBy);
    expect(again.meta?.assistant_message_id).toBe(chat.meta!.assistant_message_id);
    const events = await again.done;
    expect(events[0]?.type).toBe('snapshot');
    expect(textOfEvents(events)).toBe(REPLY);
    expect(events.at(-1)).toEqual({ type: 'end', status: 'completed' });
    const history = await call(lb.url, member, 'GET', `/api/sessions/${chat.meta!.session_hash_id}/history/`);
    const rows = (history.body as { items: Array<{ text: string; status: string }> }).items;
    expect(rows.at(-1)).toMatchObject({ text: REPLY, status: 'completed' });
  });

  it('a new question on the other instance stops the answer still running in the session', async () => {
    const first = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'A long one' });
    await first.texts(2);
    fake.set({ tokenDelayMs: 1 });
    const second = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'Another', session_hash_id: first.meta!.session_hash_id });
    expect(second.servedBy).not.toBe(first.servedBy);
    expect((await first.done).at(-1)).toEqual({ type: 'end', status: 'stopped' });
    expect((await second.done).at(-1)).toEqual({ type: 'end', status: 'completed' });
    fake.set({ tokenDelayMs: 25 });
  });

  it('rate limits are shared: sign-in attempts on both instances count together', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@demo.local`;
    const statuses: number[] = [];
    const served = new Set<string | null>();
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) {
      const r = await call(lb.url, null, 'POST', '/api/auth/sign-in/', { email, password: 'wrong-Passw0rd' });
      statuses.push(r.status);
      served.add(r.servedBy);
    }
    expect(served.size).toBe(2);
    expect(statuses).toEqual([...Array<number>(SIGN_IN_LIMIT).fill(401), 429]);
  });

  // Last: it kills an instance.
  it('kill -9 of one instance: the other closes its answer as interrupted, charged once what its last flush recorded, and only that one', async () => {
    fake.set({ tokenDelayMs: 300 });
    const doomed = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'On the doomed one' });
    const kept = await openStream(lb.url, member, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'On the other one' });
    expect(kept.servedBy).not.toBe(doomed.servedBy);
    await Promise.all([doomed.texts(2), kept.texts(2)]);
    // A flush (every second) has written the doomed answer's text and running charge.
    await new Promise((r) => setTimeout(r, 2500));
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const reservations = async () => Number((await c.query<{ n: string }>('select count(*)::text as n from credit_reservations')).rows[0]!.n);
      // Each answer holds its admission's reservation.
      expect(await reservations()).toBe(2);
      const received = textOfEvents(doomed.events);
      await instances[Number(doomed.servedBy)]!.kill();
      const id = doomed.meta!.assistant_message_id;
      const row = async (answer: number) =>
        (await c.query<{ status: string; text: string; units: string }>('select status, text, credit_units::text as units from chat_messages where id = $1', [answer])).rows[0];
      // The dead instance's word of being alive lapses (10 s), then a sweep of the other (every 10 s) finds its answer.
      const started = Date.now();
      while ((await row(id))?.status === 'streaming' && Date.now() - started < 25_000) await new Promise((r) => setTimeout(r, 250));
      const interrupted = (await row(id))!;
      expect(interrupted.status).toBe('interrupted');
      expect((await row(kept.meta!.assistant_message_id))?.status).toBe('streaming');
      // Its text up to the last flush, charged once: the tokens of that text, at the model's output cost, plus the prompt's.
      expect(interrupted.text.length).toBeGreaterThan(0);
      expect(received.startsWith(interrupted.text)).toBe(true);
      const ledger = (
        await c.query<{ output_tokens: number; output_units: string; units: string }>(
          "select output_tokens, output_units::text, (-amount_units)::text as units from credit_ledger where kind = 'usage' and message_id = $1",
          [id],
        )
      ).rows;
      expect(ledger).toHaveLength(1);
      expect(ledger[0]!.output_tokens).toBe(Math.ceil(interrupted.text.length / 4));
      expect(BigInt(ledger[0]!.output_units)).toBeGreaterThan(0n);
      expect(ledger[0]!.units).toBe(interrupted.units);
      // The charge settled the dead instance's reservation at once; the living answer keeps its own.
      expect(await reservations()).toBe(1);
    } finally {
      await c.end();
      // Straight to the instance still running (the balancer would also try the dead one): the shutdown then has nothing to wait for.
      await call(instances[Number(kept.servedBy)]!.url, member, 'POST', `/api/sessions/${kept.meta!.session_hash_id}/stop/`);
      await kept.done;
      fake.set({ tokenDelayMs: 25 });
    }
  }, 60_000);
});

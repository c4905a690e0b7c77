import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../tools/fake-llm/server';
import { type Database, openDatabase } from '../db/client';
import { call, type Instance, openStream, type OpenStream, SEED, serverDatabase, signIn, startInstance, textOfEvents } from './instances';

/**
 * Issue 30 item 3: `kill -9` of the server while 50 answers stream. On restart every answer keeps
 * its text up to the last flush and is `interrupted`, charged once what that flush recorded
 * (decision 046): the tokens of the text streamed before it; no credit stays held (a charge
 * settles its reservation, the others are released); the database opens cleanly; a second
 * restart charges nothing more. Embedded (PGlite in DATA_DIR) on the PGlite pass, PostgreSQL on
 * the server pass.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const STREAMS = 50;
const REPLY = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
/** The flusher's period (chat.service FLUSH_MS) and a margin: a text older than this is on disk. */
const FLUSHED_AFTER_MS = 1000 + 1500;

async function crashWhileStreaming(env: Record<string, string>, open: () => Promise<Database>) {
  const fake: FakeLlm = await startFakeLlm({ scenario: { reply: REPLY, tokenDelayMs: 100 } });
  const fullEnv = {
    ...env,
    OPENAI_COMPATIBLE_BASE_URL: fake.url,
    OPENAI_COMPATIBLE_MODELS: 'fake-model',
    DEFAULT_MEMBER_CREDIT_QUOTA: '1000000',
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  let server: Instance | null = await startInstance(fullEnv);
  try {
    const { token } = await signIn(server.url, SEED.member);
    const bots = await call(server.url, token, 'GET', '/api/chatbots/?include_default=true');
    const chatbotId = (bots.body as { items: Array<{ id: number }> }).items[0]!.id;

    const streams: OpenStream[] = await Promise.all(
      Array.from({ length: STREAMS }, (_, i) => openStream(server!.url, token, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: `Question ${i}` })),
    );
    expect(streams.map((s) => s.status)).toEqual(Array<number>(STREAMS).fill(200));
    await Promise.all(streams.map((s) => s.texts(5)));
    // Every answer has text on disk now, and more is still coming.
    await new Promise((r) => setTimeout(r, FLUSHED_AFTER_MS));
    const received = streams.map((s) => textOfEvents(s.events));
    await server.kill();
    server = null;
    await Promise.all(streams.map((s) => s.done.catch(() => undefined)));
    const ids = streams.map((s) => s.meta!.assistant_message_id);

    // Held at the crash: a server keeps reservations in the database (PGlite's holds died with the process).
    const heldAtCrash = env.DATABASE_URL ? await withDatabase(open, (db) => count(db, sql`select count(*)::int as n from credit_reservations`)) : 0;
    server = await startInstance(fullEnv);
    expect(server.output()).toContain(`${STREAMS} answer(s) interrupted`);
    // The restarted server serves: the history shows each answer interrupted with its text, a new chat answers.
    const { token: again } = await signIn(server.url, SEED.member);
    const history = await call(server.url, again, 'GET', `/api/sessions/${streams[0]!.meta!.session_hash_id}/history/`);
    expect((history.body as { items: Array<{ status: string }> }).items.at(-1)).toMatchObject({ status: 'interrupted' });
    fake.set({ tokenDelayMs: 1, reply: 'After the crash.' });
    const after = await openStream(server.url, again, 'POST', `/api/chatbots/${chatbotId}/chat/`, { text: 'Still there?' });
    expect(textOfEvents(await after.done)).toBe('After the crash.');
    await server.stop();
    // A second recovery (the next start) finds nothing left to interrupt or charge.
    server = await startInstance(fullEnv);
    expect(server.output()).not.toContain('answer(s) interrupted');
    await server.stop();
    server = null;

    const check = await open();
    try {
      const rows = await rowsOf<{ id: number; status: string; text: string; units: string; input_tokens: number; output_tokens: number }>(
        check,
        sql`select id, status, text, credit_units::text as units, input_tokens, output_tokens from chat_messages where id in ${sql.raw(`(${ids.join(',')})`)} order by id`,
      );
      const ledger = await rowsOf<{ message_id: number; member_id: number; input_tokens: number; output_tokens: number; units: string; input_units: string; output_units: string }>(
        check,
        sql`select message_id, member_id, input_tokens, output_tokens, (-amount_units)::text as units, input_units::text, output_units::text
          from credit_ledger where kind = 'usage' and message_id in ${sql.raw(`(${ids.join(',')})`)}`,
      );
      const [cost] = await rowsOf<{ input: string; output: string }>(check, sql`select input_cost_e_4::text as input, output_cost_e_4::text as output from llm_models where model_name = 'fake-model' limit 1`);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      // Charged once each: one usage row per answer.
      expect(ledger).toHaveLength(STREAMS);
      const charged = new Map(ledger.map((l) => [Number(l.message_id), l]));
      for (const [i, id] of ids.entries()) {
        const row = byId.get(id)!;
        expect(row.status).toBe('interrupted');
        // Up to its last flush: a non-empty prefix of what the client had received.
        expect(row.text.length).toBeGreaterThan(0);
        expect(received[i]!.startsWith(row.text)).toBe(true);
        // Charged the tokens streamed before that flush (4 characters a token, the close's estimate for an answer cut short) and the prompt's.
        const l = charged.get(id)!;
        expect(l.output_tokens).toBe(Math.ceil(row.text.length / 4));
        expect(l.input_tokens).toBeGreaterThan(0);
        expect(BigInt(l.output_units)).toBe(BigInt(l.output_tokens) * BigInt(cost!.output));
        expect(BigInt(l.input_units)).toBe(BigInt(l.input_tokens) * BigInt(cost!.input));
        expect(BigInt(l.units)).toBe(BigInt(l.input_units) + BigInt(l.output_units));
        // The answer's row says what it was charged.
        expect([row.input_tokens, row.output_tokens, row.units]).toEqual([l.input_tokens, l.output_tokens, l.units]);
      }
      // The member's monthly total is the ledger's sum (the interrupted answers' charges moved it once).
      const memberId = ledger[0]!.member_id;
      const [usage] = await rowsOf<{ used: string; ledger: string }>(
        check,
        sql`select (select sum(used_units) from member_credit_usage where member_id = ${memberId})::text as used,
          (select -sum(amount_units) from credit_ledger where kind = 'usage' and member_id = ${memberId})::text as ledger`,
      );
      expect(usage!.used).toBe(usage!.ledger);
      expect(await count(check, sql`select count(*)::int as n from credit_reservations`)).toBe(0);
      expect(await count(check, sql`select count(*)::int as n from chat_messages where status = 'streaming'`)).toBe(0);
    } finally {
      await check.close();
    }
    return { heldAtCrash };
  } finally {
    await server?.kill();
    await fake.close();
  }
}

async function withDatabase<T>(open: () => Promise<Database>, f: (db: Database) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await f(db);
  } finally {
    await db.close();
  }
}

/** Rows of a query on either database (PGlite's and pg's results both carry `rows`). */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.owner.execute(query)) as unknown as { rows: T[] }).rows;
}

async function count(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, query);
  return Number(row?.n);
}

describe.runIf(!serverUrl)('kill -9 while 50 answers stream: embedded database (the PGlite pass, without TEST_DATABASE_URL)', () => {
  it('restarts cleanly: every answer interrupted with its flushed text and charged, once, the tokens streamed before that flush', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'));
    const r = await crashWhileStreaming({ DATA_DIR: dataDir }, () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }));
    expect(r.heldAtCrash).toBe(0);
  }, 180_000);
});

describe.runIf(Boolean(serverUrl))('kill -9 while 50 answers stream: PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof serverDatabase>>;
  beforeAll(async () => {
    db = await serverDatabase(serverUrl!);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('the next start, alone on the database, interrupts and charges every answer once; no reservation of the dead process stays', async () => {
    const r = await crashWhileStreaming({ DATABASE_URL: db.url }, () => openDatabase({ kind: 'postgres', url: db.url }));
    expect(r.heldAtCrash).toBe(STREAMS);
  }, 180_000);
});

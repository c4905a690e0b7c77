import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { chatbots, chatMessages, chatSessions, llmModels } from '../../db/schema/index';
import { newHashId } from '../../platform/tokens';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { closeAnswer, closeAnswers, type ClosedAnswer, flushAnswers, openTurn, openTurns, type OpenedTurn, type TurnToOpen } from './chat.repo';
import { createAnswerCloser, createAnswerFlusher, createTurnOpener } from './turn-writer';

// The turn statements on the database the suite runs on (PGlite, or the server with
// TEST_DATABASE_URL): one turn, several turns in one statement, the group-commit opener, and the
// flusher that writes open answers together.
let t: TestApp;
let db: Database;
const bots = new Map<number, { chatbotId: number; modelId: number }>();

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  for (const tenant of [t.a, t.b]) {
    const [row] = await db.db.select({ chatbotId: chatbots.id, modelId: llmModels.id }).from(chatbots)
      .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
      .where(eq(chatbots.tenantId, tenant.id)).limit(1);
    bots.set(tenant.id, row!);
  }
});
afterAll(() => t.close());

const newSession = (tenant: TestTenant, text: string, title: string | null = text): TurnToOpen => ({
  session: { hashId: newHashId(16), memberId: tenant.member.id, chatbotId: bots.get(tenant.id)!.chatbotId, title, isTest: false },
  text,
  llmModelId: bots.get(tenant.id)!.modelId,
});
const inSession = (tenant: TestTenant, id: number, text: string): TurnToOpen => ({ session: { id }, text, llmModelId: bots.get(tenant.id)!.modelId });

const messagesOf = (tenantId: number, sessionId: number) =>
  db.db.select({ id: chatMessages.id, speaker: chatMessages.speakerType, text: chatMessages.text, status: chatMessages.status, model: chatMessages.llmModelId })
    .from(chatMessages).where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.sessionId, sessionId))).orderBy(asc(chatMessages.id));

/** Counts the statements that reach the database. */
function counting(database: Database) {
  const names: string[] = [];
  return { names, raw: ((st, params) => (names.push(st.name), database.raw(st, params))) as Database['raw'] };
}

describe('opening turns', () => {
  it('writes several turns in one statement, each as openTurn would, ids rising in order', async () => {
    const existing = await openTurn(db, t.a.id, newSession(t.a, 'earlier'));
    const modelId = bots.get(t.a.id)!.modelId;
    const results = await openTurns(db, t.a.id, [
      newSession(t.a, 'first new', null),
      inSession(t.a, existing.sessionId, 'follow-up 1'),
      newSession(t.a, 'second new', '제목'),
      inSession(t.a, existing.sessionId, 'follow-up 2'),
    ]);
    expect(results.every(Boolean)).toBe(true);
    const [n1, f1, n2, f2] = results as OpenedTurn[];
    expect(n1!.title).toBeNull();
    expect(n2!.title).toBe('제목');
    expect(f1!.sessionId).toBe(existing.sessionId);
    expect(f2!.sessionId).toBe(existing.sessionId);
    expect(f1!.hashId).toBe(existing.hashId);
    expect(new Set([n1!.sessionId, n2!.sessionId, existing.sessionId]).size).toBe(3);
    // Question before answer, and turns in the order given.
    const ids = [n1, f1, n2, f2].flatMap((r) => [r!.userMessageId, r!.assistantMessageId]);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    expect(await messagesOf(t.a.id, existing.sessionId)).toEqual([
      { id: existing.userMessageId, speaker: 'member', text: 'earlier', status: 'completed', model: null },
      { id: existing.assistantMessageId, speaker: 'chatbot', text: '', status: 'streaming', model: modelId },
      { id: f1!.userMessageId, speaker: 'member', text: 'follow-up 1', status: 'completed', model: null },
      { id: f1!.assistantMessageId, speaker: 'chatbot', text: '', status: 'streaming', model: modelId },
      { id: f2!.userMessageId, speaker: 'member', text: 'follow-up 2', status: 'completed', model: null },
      { id: f2!.assistantMessageId, speaker: 'chatbot', text: '', status: 'streaming', model: modelId },
    ]);
    expect(await messagesOf(t.a.id, n2!.sessionId)).toEqual([
      { id: n2!.userMessageId, speaker: 'member', text: 'second new', status: 'completed', model: null },
      { id: n2!.assistantMessageId, speaker: 'chatbot', text: '', status: 'streaming', model: modelId },
    ]);
    const [session] = await db.db.select().from(chatSessions).where(and(eq(chatSessions.tenantId, t.a.id), eq(chatSessions.id, n2!.sessionId)));
    expect(session).toMatchObject({ memberId: t.a.member.id, title: '제목', isTest: false, hashId: n2!.hashId });
  });

  it("never writes into another tenant's session: that turn is left out, the others are written", async () => {
    const theirs = await openTurn(db, t.b.id, newSession(t.b, 'globex question'));
    const before = await db.db.select({ last: chatSessions.lastChatAt }).from(chatSessions).where(eq(chatSessions.id, theirs.sessionId));
    const results = await openTurns(db, t.a.id, [newSession(t.a, 'mine'), inSession(t.a, theirs.sessionId, 'intruder'), newSession(t.a, 'mine too')]);
    expect(results[0]).toBeDefined();
    expect(results[1]).toBeUndefined();
    expect(results[2]).toBeDefined();
    expect(results[2]!.userMessageId).toBeGreaterThan(results[0]!.assistantMessageId);
    expect((await messagesOf(t.b.id, theirs.sessionId)).map((m) => m.text)).toEqual(['globex question', '']);
    expect(await db.db.select({ last: chatSessions.lastChatAt }).from(chatSessions).where(eq(chatSessions.id, theirs.sessionId))).toEqual(before);
    await expect(openTurn(db, t.a.id, inSession(t.a, theirs.sessionId, 'intruder'))).rejects.toThrow('session vanished');
  });
});

describe('the turn opener (group commit)', () => {
  it('sends a turn at once when nothing runs, and the turns that arrive meanwhile as one statement', async () => {
    const probe = counting(db);
    const open = createTurnOpener(probe);
    const first = open(t.a.id, newSession(t.a, 'alone'));
    const rest = Array.from({ length: 9 }, (_, i) => open(t.a.id, newSession(t.a, `together ${i}`)));
    const all = await Promise.all([first, ...rest]);
    expect(probe.names).toEqual(['chat_open_new', 'chat_open_many']);
    expect(new Set(all.map((r) => r.sessionId)).size).toBe(10);
    for (const [i, r] of all.entries()) {
      const texts = (await messagesOf(t.a.id, r.sessionId)).map((m) => m.text);
      expect(texts).toEqual([i === 0 ? 'alone' : `together ${i - 1}`, '']);
    }
    // Idle again: the next turn goes out on its own.
    await open(t.a.id, newSession(t.a, 'later'));
    expect(probe.names).toEqual(['chat_open_new', 'chat_open_many', 'chat_open_new']);
  });

  it("keeps tenants apart: each tenant's turns go in statements of their own", async () => {
    const probe = counting(db);
    const open = createTurnOpener(probe);
    const a = [open(t.a.id, newSession(t.a, 'a0')), open(t.a.id, newSession(t.a, 'a1')), open(t.a.id, newSession(t.a, 'a2'))];
    const b = [open(t.b.id, newSession(t.b, 'b0')), open(t.b.id, newSession(t.b, 'b1')), open(t.b.id, newSession(t.b, 'b2'))];
    const [ra, rb] = await Promise.all([Promise.all(a), Promise.all(b)]);
    expect(probe.names.sort()).toEqual(['chat_open_many', 'chat_open_many', 'chat_open_new', 'chat_open_new']);
    const owners = await db.db.select({ id: chatSessions.id, tenantId: chatSessions.tenantId }).from(chatSessions)
      .where(inArray(chatSessions.id, [...ra, ...rb].map((r) => r.sessionId)));
    expect(owners.filter((o) => o.tenantId === t.a.id).map((o) => o.id).sort()).toEqual(ra.map((r) => r.sessionId).sort());
    expect(owners.filter((o) => o.tenantId === t.b.id).map((o) => o.id).sort()).toEqual(rb.map((r) => r.sessionId).sort());
  });

  it('fails only the bad turn of a batch: the batch is retried one turn at a time', async () => {
    const open = createTurnOpener(db);
    const first = open(t.a.id, newSession(t.a, 'runs first'));
    const good = open(t.a.id, newSession(t.a, 'good'));
    // A chatbot that does not exist breaks the batch's statement (foreign key).
    const bad = open(t.a.id, { ...newSession(t.a, 'bad'), session: { hashId: newHashId(16), memberId: t.a.member.id, chatbotId: 999_999, title: null, isTest: false } });
    const gone = open(t.a.id, inSession(t.a, 999_998, 'no such session'));
    const alsoGood = open(t.a.id, newSession(t.a, 'also good'));
    const [r0, r1, rBad, rGone, r2] = await Promise.allSettled([first, good, bad, gone, alsoGood]);
    expect(rBad).toMatchObject({ status: 'rejected', reason: { code: '23503' } });
    expect(rGone).toMatchObject({ status: 'rejected', reason: new Error('openTurn: session vanished') });
    for (const [r, text] of [[r0, 'runs first'], [r1, 'good'], [r2, 'also good']] as const) {
      expect(r.status).toBe('fulfilled');
      const { sessionId } = (r as PromiseFulfilledResult<OpenedTurn>).value;
      expect((await messagesOf(t.a.id, sessionId)).map((m) => m.text)).toEqual([text, '']);
    }
  });
});

const textOf = async (tenantId: number, id: number) =>
  (await db.db.select({ text: chatMessages.text, reasoning: chatMessages.reasoning, status: chatMessages.status }).from(chatMessages).where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id))))[0];

describe('writing open answers (the flusher)', () => {
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i += 1) await new Promise((r) => setTimeout(r, 10));
  };

  it('writes every changed answer of a tenant with one statement a tick, and nothing when nothing changed', async () => {
    const probe = counting(db);
    const flusher = createAnswerFlusher(probe, 30);
    const a1 = await openTurn(db, t.a.id, newSession(t.a, 'q1'));
    const a2 = await openTurn(db, t.a.id, newSession(t.a, 'q2'));
    const b1 = await openTurn(db, t.b.id, newSession(t.b, 'q3'));
    const [x1, x2, y1] = [flusher.track(t.a.id, a1.assistantMessageId), flusher.track(t.a.id, a2.assistantMessageId), flusher.track(t.b.id, b1.assistantMessageId)];
    x1.addText('Hello');
    x2.addText('안녕');
    x2.addReasoning('thinking…');
    y1.addText('Globex');
    await until(async () => (await textOf(t.b.id, b1.assistantMessageId))?.text === 'Globex' && (await textOf(t.a.id, a2.assistantMessageId))?.text === '안녕');
    expect(await textOf(t.a.id, a1.assistantMessageId)).toEqual({ text: 'Hello', reasoning: null, status: 'streaming' });
    expect(await textOf(t.a.id, a2.assistantMessageId)).toEqual({ text: '안녕', reasoning: 'thinking…', status: 'streaming' });
    // One statement per tenant for that tick.
    expect(probe.names).toEqual(['chat_flush_many', 'chat_flush_many']);
    await new Promise((r) => setTimeout(r, 100));
    expect(probe.names).toHaveLength(2);
    x1.addText(' world');
    await until(async () => (await textOf(t.a.id, a1.assistantMessageId))?.text === 'Hello world');
    expect(probe.names).toHaveLength(3);
    await Promise.all([x1.close(), x2.close(), y1.close()]);
  });

  it('never writes over a closed answer, and stops writing an answer once it is closed', async () => {
    const flusher = createAnswerFlusher(db, 20);
    const turn = await openTurn(db, t.a.id, newSession(t.a, 'q'));
    const answer = flusher.track(t.a.id, turn.assistantMessageId);
    answer.addText('partial');
    await answer.close();
    await closeAnswer(db, t.a.id, { id: turn.assistantMessageId, text: 'final', reasoning: null, status: 'completed', inputTokens: 1, outputTokens: 1, units: 0n });
    answer.addText(' late');
    await new Promise((r) => setTimeout(r, 80));
    expect(await textOf(t.a.id, turn.assistantMessageId)).toEqual({ text: 'final', reasoning: null, status: 'completed' });
    // A write that arrives after the close (another instance's, say) changes nothing either.
    await flushAnswers(db, t.a.id, [{ id: turn.assistantMessageId, text: 'stale', reasoning: null }]);
    expect((await textOf(t.a.id, turn.assistantMessageId))!.text).toBe('final');
  });

  it("never writes another tenant's answer", async () => {
    const theirs = await openTurn(db, t.b.id, newSession(t.b, 'globex'));
    await flushAnswers(db, t.a.id, [{ id: theirs.assistantMessageId, text: 'overwritten', reasoning: null }]);
    expect(await textOf(t.b.id, theirs.assistantMessageId)).toEqual({ text: '', reasoning: null, status: 'streaming' });
  });
});

describe('closing answers', () => {
  /** A close of an opened turn's answer. */
  const closing = (turn: OpenedTurn, units: bigint, text: string): ClosedAnswer => ({
    id: turn.assistantMessageId, text, reasoning: null, status: 'completed', inputTokens: Number(units % 1000n), outputTokens: Number(units % 777n), units,
  });
  const rowOf = async (tenantId: number, id: number) =>
    (await db.db.select({ text: chatMessages.text, status: chatMessages.status, units: chatMessages.creditUnits, input: chatMessages.inputTokens, output: chatMessages.outputTokens })
      .from(chatMessages).where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id))))[0];

  it('several closes in one statement write each answer as one statement each would', async () => {
    const units = [123_456_789n, 7n, 98_765_432_101n];
    const run = async (batched: boolean) => {
      const turns = [];
      for (const _ of units) turns.push(await openTurn(db, t.a.id, newSession(t.a, 'q')));
      const closes = turns.map((turn, i) => closing(turn, units[i]!, `answer ${i}`));
      if (batched) await closeAnswers(db, t.a.id, closes);
      else for (const c of closes) await closeAnswer(db, t.a.id, c);
      return Promise.all(turns.map((turn) => rowOf(t.a.id, turn.assistantMessageId)));
    };
    const one = await run(false);
    const many = await run(true);
    expect(many).toEqual(one);
    expect(many.map((r) => r!.units)).toEqual(units);
    expect(many.map((r) => r!.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('the closer sends a close at once when nothing runs, and the closes that arrive meanwhile as one statement', async () => {
    const probe = counting(db);
    const close = createAnswerCloser(probe);
    const turns = [];
    for (let i = 0; i < 6; i += 1) turns.push(await openTurn(db, t.a.id, newSession(t.a, `q${i}`)));
    await Promise.all(turns.map((turn, i) => close(t.a.id, closing(turn, BigInt(i + 1) * 1000n, `a${i}`))));
    expect(probe.names).toEqual(['chat_close', 'chat_close_many']);
    for (const [i, turn] of turns.entries()) expect((await rowOf(t.a.id, turn.assistantMessageId))!.text).toBe(`a${i}`);
  });

  it("never closes another tenant's answer", async () => {
    const theirs = await openTurn(db, t.b.id, newSession(t.b, 'globex'));
    const mine = await openTurn(db, t.a.id, newSession(t.a, 'acme'));
    await closeAnswers(db, t.a.id, [closing(mine, 5n, 'mine'), { ...closing(mine, 5n, 'intruder'), id: theirs.assistantMessageId }]);
    await closeAnswer(db, t.a.id, { ...closing(mine, 5n, 'intruder'), id: theirs.assistantMessageId });
    expect(await textOf(t.b.id, theirs.assistantMessageId)).toEqual({ text: '', reasoning: null, status: 'streaming' });
    expect((await rowOf(t.a.id, mine.assistantMessageId))!.text).toBe('mine');
  });
});

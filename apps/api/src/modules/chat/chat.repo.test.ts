import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { chatbots, chatMessages, chatSessions, creditLedger, llmModels, tenantCreditUsage } from '../../db/schema/index';
import { newHashId } from '../../platform/tokens';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { createChatbotsService } from '../chatbots/chatbots.service';
import { periodStart } from '../credits/credits.rules';
import { createCreditsService } from '../credits/credits.service';
import { closeAnswers, flushAnswers, openTurn, openTurns, type OpenedTurn, type TurnToOpen } from '../sessions/sessions.statements';
import { type AnswerClose, createAnswerCloser, createAnswerFlusher, createTurnOpener, recoverInterrupted } from './turn-writer';

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
  session: { hashId: newHashId(16), memberId: tenant.member.id, chatbotId: bots.get(tenant.id)!.chatbotId, title, isTest: false, origin: 'member' as const },
  text,
  llmModelId: bots.get(tenant.id)!.modelId,
  attachments: [],
  sources: [],
});
const inSession = (tenant: TestTenant, id: number, text: string): TurnToOpen => ({ session: { id }, text, llmModelId: bots.get(tenant.id)!.modelId, attachments: [], sources: [] });

const messagesOf = (tenantId: number, sessionId: number) =>
  db.db.select({ id: chatMessages.id, speaker: chatMessages.speakerType, text: chatMessages.text, status: chatMessages.status, model: chatMessages.llmModelId })
    .from(chatMessages).where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.sessionId, sessionId))).orderBy(asc(chatMessages.id));

/** Counts the statements that reach the database (a unit of several as `a+b+c`). */
function counting(database: Database) {
  const names: string[] = [];
  return {
    names,
    raw: ((st, params) => (names.push(st.name), database.raw(st, params))) as Database['raw'],
    rawMany: ((parts) => (names.push(parts.map((p) => p.statement.name).join('+')), database.rawMany(parts))) as Database['rawMany'],
  };
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
    const bad = open(t.a.id, { ...newSession(t.a, 'bad'), session: { hashId: newHashId(16), memberId: t.a.member.id, chatbotId: 999_999, title: null, isTest: false, origin: 'member' as const } });
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
    await closeAnswers(db, t.a.id, [{ id: turn.assistantMessageId, text: 'final', reasoning: null, status: 'completed', inputTokens: 1, outputTokens: 1, units: 0n }]);
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
  const period = periodStart();
  /** A close of an opened turn's answer, charged `units` credit units. */
  const closing = (tenant: TestTenant, turn: OpenedTurn, memberId: number, units: bigint, text: string): AnswerClose => ({
    tenantId: tenant.id,
    period,
    answer: { id: turn.assistantMessageId, text, reasoning: null, status: 'completed', inputTokens: Number(units % 1000n), outputTokens: Number(units % 777n), units },
    charge: {
      memberId, memberGroupId: tenant.defaultGroupId, llmModelId: bots.get(tenant.id)!.modelId, sessionId: turn.sessionId, messageId: turn.assistantMessageId,
      inputTokens: Number(units % 1000n), outputTokens: Number(units % 777n), units,
      inputUnits: units, outputUnits: 0n, maskingUnits: 0n, webSearchCount: 0, webSearchUnits: 0n, imageCount: 0, imageUnits: 0n, reservationId: null,
    },
    chatbotId: bots.get(tenant.id)!.chatbotId,
  });
  /** Everything a close moves, for one tenant. */
  const state = async (tenant: TestTenant) => {
    const bot = await db.db.select({ count: chatbots.messageCount }).from(chatbots).where(and(eq(chatbots.tenantId, tenant.id), eq(chatbots.id, bots.get(tenant.id)!.chatbotId)));
    const total = await db.db.select({ used: tenantCreditUsage.usedUnits }).from(tenantCreditUsage).where(and(eq(tenantCreditUsage.tenantId, tenant.id), eq(tenantCreditUsage.periodStart, period)));
    const ledger = await db.db.select({ id: creditLedger.id }).from(creditLedger).where(eq(creditLedger.tenantId, tenant.id));
    return { botCount: bot[0]!.count, tenantUsed: total[0]?.used ?? 0n, ledger: ledger.length };
  };
  const delta = (a: Awaited<ReturnType<typeof state>>, b: Awaited<ReturnType<typeof state>>) => ({ botCount: b.botCount - a.botCount, tenantUsed: b.tenantUsed - a.tenantUsed, ledger: b.ledger - a.ledger });
  const rowOf = async (tenantId: number, id: number) =>
    (await db.db.select({ text: chatMessages.text, status: chatMessages.status, units: chatMessages.creditUnits }).from(chatMessages).where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id))))[0];
  // The credits' and chatbots' services on the test app's database and caches: their shares of the close.
  const credits = () => createCreditsService({ database: db, caches: t.built.caches, members: { ownRecord: () => Promise.reject(new Error('unused')) }, groups: { all: () => Promise.resolve([]) } });
  const unused = () => Promise.reject(new Error('unused'));
  const chatbotsService = () => createChatbotsService({ database: db, caches: t.built.caches, models: { profileOf: unused, list: unused }, images: { toSquare: unused } });

  it('several answers in one statement are written as one statement each would write them', async () => {
    const units = [123_456_789n, 7n, 98_765_432_101n];
    const run = async (batched: boolean) => {
      const turns = [];
      for (const _ of units) turns.push(await openTurn(db, t.a.id, newSession(t.a, 'q')));
      const answers = turns.map((turn, i) => closing(t.a, turn, t.a.member.id, units[i]!, `answer ${i}`).answer);
      if (batched) await closeAnswers(db, t.a.id, answers);
      else for (const a of answers) await closeAnswers(db, t.a.id, [a]);
      return Promise.all(turns.map((turn) => rowOf(t.a.id, turn.assistantMessageId)));
    };
    const one = await run(false);
    const many = await run(true);
    expect(many).toEqual(one);
    expect(many.map((r) => r!.units)).toEqual(units);
  });

  it('the closer writes the answer, its charge and the chatbot counter as one unit; closes that arrive meanwhile go together', async () => {
    const probe = counting(db);
    const close = createAnswerCloser(probe, { credits: credits(), chatbots: chatbotsService() });
    const turns = [];
    for (let i = 0; i < 6; i += 1) turns.push(await openTurn(db, t.a.id, newSession(t.a, `q${i}`)));
    const before = await state(t.a);
    const totals = await Promise.all(turns.map((turn, i) => close(closing(t.a, turn, t.a.member.id, BigInt(i + 1) * 1000n, `a${i}`))));
    const unit = 'chat_close_many+credits_charge_local+chatbots_count_answers';
    expect(probe.names).toEqual([unit, unit]);
    const after = await state(t.a);
    expect(delta(before, after)).toEqual({ botCount: 6, tenantUsed: 21_000n, ledger: 6 });
    expect(totals.at(-1)!.tenantUsedUnits).toBe(after.tenantUsed);
    for (const [i, turn] of turns.entries()) expect((await rowOf(t.a.id, turn.assistantMessageId))!.text).toBe(`a${i}`);
  });

  it('all or nothing: a unit whose statement fails writes none of the three', async () => {
    const close = createAnswerCloser(db, { credits: credits(), chatbots: chatbotsService() });
    const turn = await openTurn(db, t.a.id, newSession(t.a, 'q'));
    const before = await state(t.a);
    // A charge for another tenant's member breaks the composite foreign key of the totals.
    const bad = closing(t.a, turn, t.b.member.id, 500n, 'never');
    await expect(close(bad)).rejects.toThrow();
    expect(delta(before, await state(t.a))).toEqual({ botCount: 0, tenantUsed: 0n, ledger: 0 });
    expect(await rowOf(t.a.id, turn.assistantMessageId)).toMatchObject({ text: '', status: 'streaming' });
  });

  it('an answer missing from a committed batch fails alone and is never charged twice', async () => {
    // A batch that committed but whose result lost a row: retrying it one close at a time would
    // write a second ledger row and move the totals twice.
    const lossy = {
      raw: db.raw,
      rawMany: (async (parts) => {
        const rows = await db.rawMany(parts);
        const charged = rows[1]!;
        return charged.length > 1 ? [rows[0]!, charged.slice(1), rows[2]!] : rows;
      }) as Database['rawMany'],
    };
    const close = createAnswerCloser(lossy, { credits: credits(), chatbots: chatbotsService() });
    const turns = [];
    for (let i = 0; i < 4; i += 1) turns.push(await openTurn(db, t.a.id, newSession(t.a, `q${i}`)));
    const before = await state(t.a);
    const results = await Promise.allSettled(turns.map((turn, i) => close(closing(t.a, turn, t.a.member.id, 100n, `a${i}`))));
    // The first went alone; of the three batched after it, the one whose row was lost fails.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(delta(before, await state(t.a))).toEqual({ botCount: 4, tenantUsed: 400n, ledger: 4 });
  });

  describe("a crash's recovery (decision 046)", () => {
    const parts = () => ({ credits: credits(), chatbots: chatbotsService() });
    /** Open answers of tenant a, each flushed with `text` and — unless `charged` is false — what it would be charged. */
    const flushed = async (texts: string[], charged = true) => {
      const turns = [];
      for (const _ of texts) turns.push(await openTurn(db, t.a.id, newSession(t.a, 'q')));
      await flushAnswers(db, t.a.id, turns.map((turn, i) => {
        const c = closing(t.a, turn, t.a.member.id, BigInt(texts[i]!.length) * 1000n, texts[i]!);
        return { id: turn.assistantMessageId, text: texts[i]!, reasoning: null, charge: charged ? { period, chatbotId: c.chatbotId, charge: c.charge } : null };
      }));
      return turns;
    };
    const only = (turns: OpenedTurn[]) => turns.map((turn) => ({ tenantId: t.a.id, answerId: turn.assistantMessageId }));

    it('charges each answer what its last flush recorded, once, however many recoveries run at once', async () => {
      const turns = await flushed(['Hello', 'Hello world', 'Hi']);
      const [unflushed] = await flushed(['not yet'], false);
      const before = await state(t.a);
      const ours = only([...turns, unflushed!]);
      // Three instances recovering the same answers at the same time (on a server, on connections of their own).
      const recovered = await Promise.all([recoverInterrupted(db.asOwner(), parts(), ours), recoverInterrupted(db.asOwner(), parts(), ours), recoverInterrupted(db.asOwner(), parts(), ours)]);
      expect(recovered.reduce((a, b) => a + b)).toBe(4);
      expect(delta(before, await state(t.a))).toEqual({ botCount: 3, tenantUsed: (5n + 11n + 2n) * 1000n, ledger: 3 });
      for (const turn of turns) {
        const row = await rowOf(t.a.id, turn.assistantMessageId);
        expect(row).toMatchObject({ status: 'interrupted' });
        expect(row!.units).toBe(BigInt(row!.text.length) * 1000n);
      }
      // An answer that never flushed a charge is only marked: nothing is known of what it cost.
      expect(await rowOf(t.a.id, unflushed!.assistantMessageId)).toMatchObject({ text: 'not yet', status: 'interrupted', units: 0n });
      const ledger = await db.db.select({ message: creditLedger.messageId, amount: creditLedger.amountUnits }).from(creditLedger)
        .where(and(eq(creditLedger.tenantId, t.a.id), inArray(creditLedger.messageId, turns.map((turn) => turn.assistantMessageId))));
      expect(ledger.sort((x, y) => x.message! - y.message!)).toEqual(turns.map((turn, i) => ({ message: turn.assistantMessageId, amount: -BigInt([5, 11, 2][i]!) * 1000n })));
      // Run again (the next sweep, the next start): nothing left to recover or charge.
      expect(await recoverInterrupted(db.asOwner(), parts(), ours)).toBe(0);
      expect(delta(before, await state(t.a))).toEqual({ botCount: 3, tenantUsed: 18_000n, ledger: 3 });
    });

    it('a close that lands after the recovery (an instance taken for dead) charges nothing more; one that landed before leaves nothing to recover', async () => {
      const [late, early] = await flushed(['partial', 'partial too']);
      const close = createAnswerCloser(db, parts());
      await close(closing(t.a, early!, t.a.member.id, 50_000n, 'the whole answer'));
      const before = await state(t.a);
      expect(await recoverInterrupted(db.asOwner(), parts(), only([late!, early!]))).toBe(1);
      // The ledger holds one usage row per answer: the late close's charge is skipped and fails alone.
      await expect(close(closing(t.a, late!, t.a.member.id, 50_000n, 'the whole answer'))).rejects.toThrow();
      // (The chatbot's counter, statistics, counts the late close again: decision 046.)
      expect(delta(before, await state(t.a))).toMatchObject({ tenantUsed: 7_000n, ledger: 1 });
    });
  });

  it("never closes another tenant's answer", async () => {
    const theirs = await openTurn(db, t.b.id, newSession(t.b, 'globex'));
    const mine = await openTurn(db, t.a.id, newSession(t.a, 'acme'));
    await closeAnswers(db, t.a.id, [closing(t.a, mine, t.a.member.id, 5n, 'mine').answer, { ...closing(t.a, mine, t.a.member.id, 5n, 'intruder').answer, id: theirs.assistantMessageId }]);
    expect(await textOf(t.b.id, theirs.assistantMessageId)).toEqual({ text: '', reasoning: null, status: 'streaming' });
    expect((await rowOf(t.a.id, mine.assistantMessageId))!.text).toBe('mine');
  });
});

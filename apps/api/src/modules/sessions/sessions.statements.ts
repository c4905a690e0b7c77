import type { ChatSource } from '@app/contracts/chat';
import { and, eq, sql } from 'drizzle-orm';
import { chatMessages } from '../../db/schema/sessions';
import { type Executor, type RawExecutor, statement, type StatementCall } from '../../db/client';
import type { UsageCharge } from '../credits/credits.service';

// The hot statements of a chat turn: named, prepared once per connection, past the query builder
// (decision 012). The sessions module owns chat_sessions and chat_messages and declares here the
// statements the chat path runs on them (decision 055): the chat module writes its turns through
// these, unchanged, and reads no other table of ours.

/**
 * What an open answer's row keeps besides its text (`pending_charge`): the charge it would get if it
 * ended at this flush, the month it falls in and the chatbot it counts for (decision 046).
 */
export interface PendingCharge {
  period: string;
  chatbotId: number;
  charge: UsageCharge;
}

/** An open answer as the flusher writes it; `charge` absent: the row keeps none. */
export interface FlushedAnswer {
  id: number;
  text: string;
  reasoning: string | null;
  charge?: PendingCharge | null;
  /** An answer with tools: its calls and sources so far (absent: the row keeps what it has). */
  toolCalls?: unknown[];
  sources?: ChatSource[];
}

/**
 * Writes the text streamed so far of several open answers of one tenant, and what each would be
 * charged, in ONE statement, so a crash leaves both. Only answers still `streaming` are written: a
 * write that lands after its answer was closed changes nothing.
 */
export async function flushAnswers(db: RawExecutor, tenantId: number, answers: FlushedAnswer[]) {
  await db.raw(FLUSH_MANY_SQL, [tenantId, JSON.stringify(answers, bigintAsText)]);
}
const FLUSH_MANY_SQL = statement('chat_flush_many', `update chat_messages m set text = v.text, reasoning = v.reasoning, pending_charge = v.charge,
    tool_calls = coalesce(v."toolCalls", m.tool_calls), sources = coalesce(v.sources, m.sources), updated_at = now()
  from json_to_recordset($2::json) as v(id int, text text, reasoning text, charge jsonb, "toolCalls" jsonb, sources jsonb)
  where m.tenant_id = $1 and m.id = v.id and m.status = 'streaming'`);

/** Credit units are bigints: JSON has them as strings. */
const bigintAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
const BIGINT_FIELDS = ['units', 'inputUnits', 'outputUnits', 'maskingUnits', 'webSearchUnits', 'imageUnits'] as const;

/** An answer a dead process left `streaming`, with what its last flush recorded (null: it never flushed). */
export interface InterruptedAnswer {
  tenantId: number;
  id: number;
  pending: PendingCharge | null;
}

/**
 * The answers a dead process left `streaming` (decision 041), with their pending charges.
 * Start-up and the live instances' sweep, across tenants on purpose: without `only`, every
 * streaming answer — read it only when no other instance is alive; with `only`, the answers of
 * instances known dead (`live-channel.ts` `orphans`).
 */
export async function findInterruptedStreams(db: Executor, only?: Array<{ tenantId: number; answerId: number }>): Promise<InterruptedAnswer[]> {
  if (only?.length === 0) return [];
  const rows = await db
    .select({ tenantId: chatMessages.tenantId, id: chatMessages.id, pending: chatMessages.pendingCharge })
    .from(chatMessages)
    .where(
      only
        ? and(
            eq(chatMessages.status, 'streaming'),
            // One parameter however many answers (a list of pairs would be one parameter each).
            sql`(${chatMessages.tenantId}, ${chatMessages.id}) in (select v.t, v.i from json_to_recordset(${JSON.stringify(only.map((o) => ({ t: o.tenantId, i: o.answerId })))}::json) as v(t int, i int))`,
          )
        : eq(chatMessages.status, 'streaming'),
    );
  return rows.map((r) => ({ tenantId: r.tenantId, id: r.id, pending: r.pending ? toPendingCharge(r.pending) : null }));
}

/** A row's `pending_charge` as written by `flushAnswers` (its bigints as strings). */
export function toPendingCharge(stored: Record<string, unknown>): PendingCharge {
  const p = stored as unknown as PendingCharge;
  const charge = { ...p.charge } as UsageCharge & Record<string, unknown>;
  for (const f of BIGINT_FIELDS) charge[f] = BigInt(charge[f] as unknown as string);
  return { period: p.period, chatbotId: p.chatbotId, charge };
}

/**
 * A crash's recovery claims answers of one tenant: each still `streaming` becomes `interrupted`
 * with the tokens and credits it is charged (in the same unit as its charge, turn-writer.ts).
 * Fails — and with it the whole unit, its charge and counts — when any was no longer `streaming`:
 * another instance recovered it first (under PostgreSQL's row lock the second claim waits for the
 * first to commit, then finds the status changed), so nothing is charged or counted twice.
 */
export function interruptAnswersCall(tenantId: number, answers: Array<{ id: number; inputTokens: number; outputTokens: number; units: bigint }>): StatementCall {
  return {
    statement: INTERRUPT_SQL,
    params: [tenantId, JSON.stringify(answers.map((a) => ({ id: a.id, input_tokens: a.inputTokens, output_tokens: a.outputTokens, units: a.units.toString() })))],
  };
}
const INTERRUPT_SQL = statement('chat_interrupt_many', `with v as (select * from json_to_recordset($2::json) as v(id int, input_tokens int, output_tokens int, units bigint)),
  claimed as (
    update chat_messages m set status = 'interrupted', input_tokens = v.input_tokens, output_tokens = v.output_tokens, credit_units = v.units,
      pending_charge = null, updated_at = now()
    from v where m.tenant_id = $1 and m.id = v.id and m.status = 'streaming'
    returning m.id
  )
  select case when (select count(*) from claimed) = (select count(*) from v) then 0
    else ('answers recovered elsewhere: ' || ((select count(*) from v) - (select count(*) from claimed)))::int end as lost`);

export interface OpenedTurn {
  sessionId: number;
  hashId: string;
  title: string | null;
  userMessageId: number;
  assistantMessageId: number;
}

/** What opening a turn writes: the question, the empty answer and, when it is new, the session. */
export interface TurnToOpen {
  session: { id: number } | { hashId: string; memberId: number; chatbotId: number; title: string | null; isTest: boolean; origin: 'member' | 'public' | 'api' };
  text: string;
  llmModelId: number;
  /** The question's files (id, type, name). */
  attachments: Array<{ id: number; type: string; name: string }>;
  /** The answer's sources, known before it is asked (web results, knowledge excerpts). */
  sources: ChatSource[];
}

/**
 * Writes the question (completed) and an empty answer (streaming) — and the session when it is
 * new — in ONE statement: atomic without a transaction, one round trip before the provider call.
 * The question gets the lower id (history orders by id).
 */
export async function openTurn(db: RawExecutor, tenantId: number, v: TurnToOpen): Promise<OpenedTurn> {
  const [row] =
    'id' in v.session
      ? await db.raw<OpenedRow>(OPEN_EXISTING_SQL, [tenantId, v.text, v.llmModelId, v.session.id, JSON.stringify(v.attachments), JSON.stringify(v.sources)])
      : await db.raw<OpenedRow>(OPEN_NEW_SQL, [
          tenantId,
          v.text,
          v.llmModelId,
          v.session.hashId,
          v.session.memberId,
          v.session.chatbotId,
          v.session.title,
          v.session.isTest,
          v.session.origin,
          JSON.stringify(v.attachments),
          JSON.stringify(v.sources),
        ]);
  if (!row) throw new Error('openTurn: session vanished');
  return opened(row);
}

const opened = (row: OpenedRow): OpenedTurn => ({
  sessionId: Number(row.session_id),
  hashId: row.hash_id,
  title: row.title,
  userMessageId: Number(row.user_id),
  assistantMessageId: Number(row.assistant_id),
});

/**
 * Several turns of one tenant in ONE statement, in the given order: what `openTurn` writes for
 * each. An entry is undefined when its existing session is gone.
 */
export async function openTurns(db: RawExecutor, tenantId: number, turns: TurnToOpen[]): Promise<Array<OpenedTurn | undefined>> {
  const input = turns.map((v) =>
    'id' in v.session
      ? { session_id: v.session.id, text: v.text, llm_model_id: v.llmModelId, attachments: v.attachments, sources: v.sources }
      : {
          hash_id: v.session.hashId,
          member_id: v.session.memberId,
          chatbot_id: v.session.chatbotId,
          title: v.session.title,
          is_test: v.session.isTest,
          origin: v.session.origin,
          text: v.text,
          llm_model_id: v.llmModelId,
          attachments: v.attachments,
          sources: v.sources,
        },
  );
  const rows = await db.raw<OpenedRow & { n: string }>(OPEN_MANY_SQL, [tenantId, JSON.stringify(input)]);
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  return turns.map((_, i) => {
    const row = byN.get(i + 1);
    return row && row.user_id !== null ? opened(row) : undefined;
  });
}

interface OpenedRow {
  session_id: number;
  hash_id: string;
  title: string | null;
  user_id: number;
  assistant_id: number;
}
/**
 * $1 tenant, $2 question, $3 model, then the session CTE's own parameters from $4, then the
 * question's attachments and the answer's sources (`extra`: their two $n).
 */
const openTurnSql = (sessionCte: string, extra: [string, string]) => `with s as (${sessionCte}),
  m as (
    insert into chat_messages (tenant_id, session_id, speaker_type, text, status, llm_model_id, attachments, sources)
    select $1, s.id, v.speaker_type, v.text, v.status, v.llm_model_id, v.attachments, v.sources
    from s, (values (1, 'member', $2::text, 'completed', null::int, ${extra[0]}::jsonb, '[]'::jsonb), (2, 'chatbot', '', 'streaming', $3::int, '[]'::jsonb, ${extra[1]}::jsonb))
      as v(ord, speaker_type, text, status, llm_model_id, attachments, sources)
    order by v.ord
    returning id, speaker_type
  )
  select s.id as session_id, s.hash_id, s.title,
    (select id from m where speaker_type = 'member') as user_id,
    (select id from m where speaker_type = 'chatbot') as assistant_id
  from s`;
const OPEN_EXISTING_SQL = statement('chat_open_existing', openTurnSql('update chat_sessions set last_chat_at = now() where tenant_id = $1 and id = $4 returning id, hash_id, title', ['$5', '$6']));
const OPEN_NEW_SQL = statement('chat_open_new', openTurnSql(
  'insert into chat_sessions (tenant_id, hash_id, member_id, chatbot_id, title, is_test, origin) values ($1, $4, $5, $6, $7, $8, $9) returning id, hash_id, title',
  ['$10', '$11'],
));
/**
 * $1 tenant, $2 a JSON array of turns (n = position from 1). Rows are inserted in the order of
 * `order by`, so ids rise with it: the k-th turn that has a session gets the (2k−1)-th and 2k-th
 * message ids of the statement — its question, then its answer.
 */
const OPEN_MANY_SQL = statement('chat_open_many', `with input as (
    select * from rows from (json_to_recordset($2::json) as (session_id int, hash_id text, member_id int, chatbot_id int, title text, is_test boolean, origin text, text text, llm_model_id int, attachments jsonb, sources jsonb))
      with ordinality as i(session_id, hash_id, member_id, chatbot_id, title, is_test, origin, text, llm_model_id, attachments, sources, n)
  ),
  new_s as (
    insert into chat_sessions (tenant_id, hash_id, member_id, chatbot_id, title, is_test, origin)
    select $1, hash_id, member_id, chatbot_id, title, is_test, origin from input where session_id is null order by n
    returning id, hash_id, title
  ),
  old_s as (
    update chat_sessions set last_chat_at = now()
    where tenant_id = $1 and id in (select session_id from input where session_id is not null)
    returning id, hash_id, title
  ),
  t as (
    select input.n, input.text, input.llm_model_id, input.attachments, input.sources,
      coalesce(ns.id, os.id) as session_id, coalesce(ns.hash_id, os.hash_id) as hash_id,
      case when ns.id is null then os.title else ns.title end as title
    from input
      left join new_s ns on input.session_id is null and ns.hash_id = input.hash_id
      left join old_s os on os.id = input.session_id
  ),
  k as (select t.*, row_number() over (order by t.n) as r from t where t.session_id is not null),
  m as (
    insert into chat_messages (tenant_id, session_id, speaker_type, text, status, llm_model_id, attachments, sources)
    select $1, k.session_id, v.speaker_type, case v.ord when 1 then k.text else '' end, v.status, case v.ord when 2 then k.llm_model_id end,
      case v.ord when 1 then coalesce(k.attachments, '[]'::jsonb) else '[]'::jsonb end,
      case v.ord when 2 then coalesce(k.sources, '[]'::jsonb) else '[]'::jsonb end
    from k, (values (1, 'member', 'completed'), (2, 'chatbot', 'streaming')) as v(ord, speaker_type, status)
    order by k.r, v.ord
    returning id
  ),
  mr as (select id, row_number() over (order by id) as r from m)
  select t.n::text as n, t.session_id, t.hash_id, t.title, u.id as user_id, a.id as assistant_id
  from t
    left join k on k.n = t.n
    left join mr u on u.r = 2 * k.r - 1
    left join mr a on a.r = 2 * k.r
  order by t.n`);

/** What closing an answer writes to its row. */
export interface ClosedAnswer {
  id: number;
  text: string;
  reasoning: string | null;
  status: string;
  inputTokens: number;
  outputTokens: number;
  units: bigint;
  /** An answer with tools (decision 050): its calls, every source, why it ended early. Absent: the row keeps what it has. */
  agent?: { toolCalls: unknown[]; sources: ChatSource[]; notice: string | null };
}

/**
 * Finalises several answers of one tenant in ONE statement: their text, status, tokens and credits.
 * Batched by the group commit (turn-writer.ts); the ledger and the chatbot counters are the credits'
 * and the chatbots' own statements.
 */
export async function closeAnswers(db: RawExecutor, tenantId: number, answers: ClosedAnswer[]): Promise<void> {
  const { statement: st, params } = closeAnswersCall(tenantId, answers);
  await db.raw(st, params);
}

/** The statement of `closeAnswers`, to run with the other modules' shares of an answer's close (`rawMany`). */
export function closeAnswersCall(tenantId: number, answers: ClosedAnswer[]): StatementCall {
  return {
    statement: CLOSE_MANY_SQL,
    params: [
    tenantId,
    JSON.stringify(
      answers.map((a) => ({
        id: a.id,
        text: a.text,
        reasoning: a.reasoning,
        status: a.status,
        input_tokens: a.inputTokens,
        output_tokens: a.outputTokens,
        units: a.units.toString(),
        ...(a.agent && { tool_calls: a.agent.toolCalls, sources: a.agent.sources, notice: a.agent.notice }),
      })),
    ),
    ],
  };
}
const CLOSE_MANY_SQL = statement('chat_close_many', `update chat_messages m
  set text = v.text, reasoning = v.reasoning, status = v.status, input_tokens = v.input_tokens, output_tokens = v.output_tokens, credit_units = v.units,
    tool_calls = coalesce(v.tool_calls, m.tool_calls), sources = coalesce(v.sources, m.sources), notice = coalesce(v.notice, m.notice),
    pending_charge = null, updated_at = now()
  from json_to_recordset($2::json) as v(id int, text text, reasoning text, status text, input_tokens int, output_tokens int, units bigint, tool_calls jsonb, sources jsonb, notice text)
  where m.tenant_id = $1 and m.id = v.id`);

/** An answer's files (an image model's images, decision 038): the history lists them with the answer. */
export async function setAnswerFiles(db: RawExecutor, tenantId: number, id: number, files: Array<{ id: number; type: string; name: string }>): Promise<void> {
  await db.raw(SET_FILES_SQL, [tenantId, id, JSON.stringify(files)]);
}
const SET_FILES_SQL = statement('chat_answer_files', `update chat_messages set attachments = $3::jsonb, updated_at = now() where tenant_id = $1 and id = $2`);

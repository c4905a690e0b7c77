import { and, eq, sql } from 'drizzle-orm';
import { chatbots, chatMessages, llmModels } from '../../db/schema/index';
import { groupQuotaSql } from '../credits/credits.repo';
import { modelUsableSql } from '../llm-models/llm-models.repo';
import { statement, type Database, type Executor } from '../../db/client';

/** The hot statements of a chat turn: named, prepared once per connection, past the query builder (decision 012). */
export type RawExecutor = Pick<Database, 'raw'>;

/**
 * Writes the text streamed so far of several open answers of one tenant in ONE statement, so a
 * crash leaves it. Only answers still `streaming` are written: a write that lands after its answer
 * was closed changes nothing.
 */
export async function flushAnswers(db: RawExecutor, tenantId: number, answers: Array<{ id: number; text: string; reasoning: string | null }>) {
  await db.raw(FLUSH_MANY_SQL, [tenantId, JSON.stringify(answers)]);
}
const FLUSH_MANY_SQL = statement('chat_flush_many', `update chat_messages m set text = v.text, reasoning = v.reasoning, updated_at = now()
  from json_to_recordset($2::json) as v(id int, text text, reasoning text)
  where m.tenant_id = $1 and m.id = v.id and m.status = 'streaming'`);

/**
 * After a crash of the single embedded-database process no stream can still be running: the
 * answers it left `streaming` keep their flushed text and become `stopped`. Operator-level
 * start-up step, across tenants on purpose; never run it with several instances (DATABASE_URL).
 */
export async function stopInterruptedStreams(db: Executor): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ status: 'stopped', updatedAt: sql`now()` })
    .where(eq(chatMessages.status, 'streaming'))
    .returning({ id: chatMessages.id });
  return rows.length;
}

export interface OpenedTurn {
  sessionId: number;
  hashId: string;
  title: string | null;
  userMessageId: number;
  assistantMessageId: number;
}

/** What opening a turn writes: the question, the empty answer and, when it is new, the session. */
export interface TurnToOpen {
  session: { id: number } | { hashId: string; memberId: number; chatbotId: number; title: string | null; isTest: boolean };
  text: string;
  llmModelId: number;
}

/**
 * Writes the question (completed) and an empty answer (streaming) — and the session when it is
 * new — in ONE statement: atomic without a transaction, one round trip before the provider call.
 * The question gets the lower id (history orders by id).
 */
export async function openTurn(db: RawExecutor, tenantId: number, v: TurnToOpen): Promise<OpenedTurn> {
  const [row] =
    'id' in v.session
      ? await db.raw<OpenedRow>(OPEN_EXISTING_SQL, [tenantId, v.text, v.llmModelId, v.session.id])
      : await db.raw<OpenedRow>(OPEN_NEW_SQL, [tenantId, v.text, v.llmModelId, v.session.hashId, v.session.memberId, v.session.chatbotId, v.session.title, v.session.isTest]);
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
      ? { session_id: v.session.id, text: v.text, llm_model_id: v.llmModelId }
      : { hash_id: v.session.hashId, member_id: v.session.memberId, chatbot_id: v.session.chatbotId, title: v.session.title, is_test: v.session.isTest, text: v.text, llm_model_id: v.llmModelId },
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
/** $1 tenant, $2 question, $3 model, then the session CTE's own parameters from $4. */
const openTurnSql = (sessionCte: string) => `with s as (${sessionCte}),
  m as (
    insert into chat_messages (tenant_id, session_id, speaker_type, text, status, llm_model_id)
    select $1, s.id, v.speaker_type, v.text, v.status, v.llm_model_id
    from s, (values (1, 'member', $2::text, 'completed', null::int), (2, 'chatbot', '', 'streaming', $3::int))
      as v(ord, speaker_type, text, status, llm_model_id)
    order by v.ord
    returning id, speaker_type
  )
  select s.id as session_id, s.hash_id, s.title,
    (select id from m where speaker_type = 'member') as user_id,
    (select id from m where speaker_type = 'chatbot') as assistant_id
  from s`;
const OPEN_EXISTING_SQL = statement('chat_open_existing', openTurnSql('update chat_sessions set last_chat_at = now() where tenant_id = $1 and id = $4 returning id, hash_id, title'));
const OPEN_NEW_SQL = statement('chat_open_new', openTurnSql(
  'insert into chat_sessions (tenant_id, hash_id, member_id, chatbot_id, title, is_test) values ($1, $4, $5, $6, $7, $8) returning id, hash_id, title',
));
/**
 * $1 tenant, $2 a JSON array of turns (n = position from 1). Rows are inserted in the order of
 * `order by`, so ids rise with it: the k-th turn that has a session gets the (2k−1)-th and 2k-th
 * message ids of the statement — its question, then its answer.
 */
const OPEN_MANY_SQL = statement('chat_open_many', `with input as (
    select * from rows from (json_to_recordset($2::json) as (session_id int, hash_id text, member_id int, chatbot_id int, title text, is_test boolean, text text, llm_model_id int))
      with ordinality as i(session_id, hash_id, member_id, chatbot_id, title, is_test, text, llm_model_id, n)
  ),
  new_s as (
    insert into chat_sessions (tenant_id, hash_id, member_id, chatbot_id, title, is_test)
    select $1, hash_id, member_id, chatbot_id, title, is_test from input where session_id is null order by n
    returning id, hash_id, title
  ),
  old_s as (
    update chat_sessions set last_chat_at = now()
    where tenant_id = $1 and id in (select session_id from input where session_id is not null)
    returning id, hash_id, title
  ),
  t as (
    select input.n, input.text, input.llm_model_id,
      coalesce(ns.id, os.id) as session_id, coalesce(ns.hash_id, os.hash_id) as hash_id,
      case when ns.id is null then os.title else ns.title end as title
    from input
      left join new_s ns on input.session_id is null and ns.hash_id = input.hash_id
      left join old_s os on os.id = input.session_id
  ),
  k as (select t.*, row_number() over (order by t.n) as r from t where t.session_id is not null),
  m as (
    insert into chat_messages (tenant_id, session_id, speaker_type, text, status, llm_model_id)
    select $1, k.session_id, v.speaker_type, case v.ord when 1 then k.text else '' end, v.status, case v.ord when 2 then k.llm_model_id end
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

/** A member's and the tenant's monthly totals after a close, in credit units. */
export interface ClosedTotals {
  memberUsedUnits: bigint;
  tenantUsedUnits: bigint;
}

export interface ClosedTurn {
  sessionId: number;
  assistantMessageId: number;
  chatbotId: number;
  memberId: number;
  memberGroupId: number | null;
  llmModelId: number;
  text: string;
  reasoning: string | null;
  status: string;
  inputTokens: number;
  outputTokens: number;
  units: bigint;
  period: string;
}

/**
 * Finalises the answer, counts the chatbot's use, appends the usage row to the credit ledger and
 * moves both monthly totals — ONE statement, so it is atomic without a transaction and costs one
 * round trip per answer. Returns the member's new monthly total (credit units).
 */
export async function closeTurn(db: RawExecutor, tenantId: number, v: ClosedTurn): Promise<ClosedTotals> {
  const [row] = await db.raw<{ used: string; tenant_used: string }>(CLOSE_SQL, [
    tenantId,
    v.assistantMessageId,
    v.text,
    v.reasoning,
    v.status,
    v.inputTokens,
    v.outputTokens,
    v.units.toString(),
    v.chatbotId,
    v.memberId,
    v.memberGroupId,
    v.llmModelId,
    v.sessionId,
    v.period,
  ]);
  return { memberUsedUnits: BigInt(row!.used), tenantUsedUnits: BigInt(row!.tenant_used) };
}
const CLOSE_SQL = statement('chat_close', `with msg as (
    update chat_messages
    set text = $3, reasoning = $4, status = $5, input_tokens = $6, output_tokens = $7, credit_units = $8::bigint, updated_at = now()
    where tenant_id = $1 and id = $2
    returning id
  ),
  bot as (
    update chatbots set message_count = message_count + 1, last_chat_at = now()
    where tenant_id = $1 and id = $9
    returning id
  ),
  ledger as (
    insert into credit_ledger (tenant_id, kind, member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, amount_units, period_start)
    values ($1, 'usage', $10, $11, $12, $13, $2, $6, $7, -($8::bigint), $14::date)
    returning id
  ),
  tenant_total as (
    insert into tenant_credit_usage (tenant_id, period_start, used_units) values ($1, $14::date, $8::bigint)
    on conflict (tenant_id, period_start) do update set used_units = tenant_credit_usage.used_units + excluded.used_units
    returning used_units
  ),
  member_total as (
    insert into member_credit_usage (tenant_id, member_id, period_start, used_units, message_count, input_tokens, output_tokens)
    values ($1, $10, $14::date, $8::bigint, 1, $6, $7)
    on conflict (tenant_id, member_id, period_start) do update set
      used_units = member_credit_usage.used_units + excluded.used_units,
      message_count = member_credit_usage.message_count + 1,
      input_tokens = member_credit_usage.input_tokens + excluded.input_tokens,
      output_tokens = member_credit_usage.output_tokens + excluded.output_tokens
    returning used_units
  )
  select member_total.used_units::text as used, tenant_total.used_units::text as tenant_used
  from member_total, tenant_total, (select count(*) from msg) m, (select count(*) from bot) b, (select count(*) from ledger) l`);

/**
 * Several closes of one tenant and one month in ONE statement: what `closeTurn` writes for each
 * (the answer, the chatbot's count, one ledger row per answer, both monthly totals, moved by the
 * sum). Returns, in the given order, each member's and the tenant's monthly total after all of
 * them. The statement has committed when this returns, so an answer whose total is missing gets
 * an Error of its own: the batch must not be retried and charged twice.
 */
export async function closeTurns(db: RawExecutor, tenantId: number, period: string, turns: Omit<ClosedTurn, 'period'>[]): Promise<Array<ClosedTotals | Error>> {
  const input = turns.map((v) => ({
    message_id: v.assistantMessageId,
    text: v.text,
    reasoning: v.reasoning,
    status: v.status,
    input_tokens: v.inputTokens,
    output_tokens: v.outputTokens,
    units: v.units.toString(),
    chatbot_id: v.chatbotId,
    member_id: v.memberId,
    member_group_id: v.memberGroupId,
    llm_model_id: v.llmModelId,
    session_id: v.sessionId,
  }));
  const rows = await db.raw<{ n: string; used: string; tenant_used: string }>(CLOSE_MANY_SQL, [tenantId, JSON.stringify(input), period]);
  const byN = new Map(rows.map((r) => [Number(r.n), r]));
  return turns.map((_, i) => {
    const row = byN.get(i + 1);
    return row ? { memberUsedUnits: BigInt(row.used), tenantUsedUnits: BigInt(row.tenant_used) } : new Error('closeTurns: a total is missing');
  });
}
/** $1 tenant, $2 a JSON array of closes (n = position from 1), $3 the month. */
const CLOSE_MANY_SQL = statement('chat_close_many', `with input as (
    select * from rows from (json_to_recordset($2::json) as (message_id int, text text, reasoning text, status text, input_tokens int, output_tokens int,
      units bigint, chatbot_id int, member_id int, member_group_id int, llm_model_id int, session_id int))
      with ordinality as i(message_id, text, reasoning, status, input_tokens, output_tokens, units, chatbot_id, member_id, member_group_id, llm_model_id, session_id, n)
  ),
  msg as (
    update chat_messages m
    set text = i.text, reasoning = i.reasoning, status = i.status, input_tokens = i.input_tokens, output_tokens = i.output_tokens, credit_units = i.units, updated_at = now()
    from input i
    where m.tenant_id = $1 and m.id = i.message_id
    returning m.id
  ),
  bot as (
    update chatbots c set message_count = c.message_count + b.answers, last_chat_at = now()
    from (select chatbot_id, count(*)::int as answers from input group by chatbot_id) b
    where c.tenant_id = $1 and c.id = b.chatbot_id
    returning c.id
  ),
  ledger as (
    insert into credit_ledger (tenant_id, kind, member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, amount_units, period_start)
    select $1, 'usage', member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, -units, $3::date from input order by n
    returning id
  ),
  tenant_total as (
    insert into tenant_credit_usage (tenant_id, period_start, used_units) select $1, $3::date, sum(units)::bigint from input
    on conflict (tenant_id, period_start) do update set used_units = tenant_credit_usage.used_units + excluded.used_units
    returning used_units
  ),
  member_total as (
    insert into member_credit_usage (tenant_id, member_id, period_start, used_units, message_count, input_tokens, output_tokens)
    select $1, member_id, $3::date, sum(units)::bigint, count(*)::int, sum(input_tokens)::bigint, sum(output_tokens)::bigint from input group by member_id
    on conflict (tenant_id, member_id, period_start) do update set
      used_units = member_credit_usage.used_units + excluded.used_units,
      message_count = member_credit_usage.message_count + excluded.message_count,
      input_tokens = member_credit_usage.input_tokens + excluded.input_tokens,
      output_tokens = member_credit_usage.output_tokens + excluded.output_tokens
    returning member_id, used_units
  )
  select i.n::text as n, mt.used_units::text as used, (select used_units from tenant_total)::text as tenant_used
  from input i join member_total mt on mt.member_id = i.member_id, (select count(*) from msg) m, (select count(*) from bot) b, (select count(*) from ledger) l
  order by i.n`);

/**
 * What a chat request checks before streaming and what rarely changes — the chatbot, its model,
 * whether the member's groups may use that model, the member's group quota — in one statement.
 * This month's usage changes with every answer and comes from the usage cache instead.
 */
export async function findChatContext(db: Executor, tenantId: number, chatbotId: number, member: { id: number; defaultMemberGroupId: number | null }) {
  const [row] = await db
    .select({
      chatbot: chatbots,
      model: llmModels,
      usable: sql<boolean>`${modelUsableSql(tenantId, member, sql`${llmModels.id}`)}`,
      groupQuota: groupQuotaSql(tenantId, member.defaultMemberGroupId),
    })
    .from(chatbots)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, chatbots.tenantId), eq(llmModels.id, chatbots.llmModelId)))
    .where(and(eq(chatbots.tenantId, tenantId), eq(chatbots.id, chatbotId)))
    .limit(1);
  return row ? { chatbot: row.chatbot, model: row.model, usable: row.usable, groupQuotaUnits: BigInt(row.groupQuota ?? 0) } : undefined;
}

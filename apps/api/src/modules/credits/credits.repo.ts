import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows, type RawExecutor, statement, type WritePart } from '../../db/client';
import { creditLedger, memberCreditUsage } from '../../db/schema/credits';
import { llmModelsView } from '../llm-models/llm-models.readonly';
import { findGroupCreditQuotas } from '../members/members.readonly';
import { findBudgetGrants } from './grants.repo';

// The models' names come through the owner's view (decision 055).
const { view: llmModels } = llmModelsView('llm_models');

export async function findMemberUsage(db: Executor, tenantId: number, memberId: number, period: string) {
  const row = await db.query.memberCreditUsage.findFirst({
    where: and(eq(memberCreditUsage.tenantId, tenantId), eq(memberCreditUsage.memberId, memberId), eq(memberCreditUsage.periodStart, period)),
  });
  return row ?? { usedUnits: 0n, messageCount: 0, inputTokens: 0, outputTokens: 0 };
}

/** What the member's budget rule needs, in credit units (decision 031). */
export interface CreditFigures {
  /** The budget group's per-member monthly quota (0 without a group; decision 044). */
  groupQuotaUnits: bigint;
  /** The budget group's pool for the month; null = no group pool. */
  groupPoolUnits: bigint | null;
  /** What the member's grants valid on the day add, each less what it covered in the window before (decision 043). */
  grantUnits: bigint;
  usedUnits: bigint;
  groupUsedUnits: bigint;
  tenantUsedUnits: bigint;
}

/** The usage half: this period's used credits of the member, their group and the tenant. */
export type UsedFigures = Pick<CreditFigures, 'usedUnits' | 'groupUsedUnits' | 'tenantUsedUnits'>;

/** A group's per-member quota and pool (0 and null for no group). */
export async function findGroupQuotas(db: Executor, tenantId: number, groupId: number | null): Promise<{ memberUnits: bigint; poolUnits: bigint | null }> {
  if (groupId === null) return { memberUnits: 0n, poolUnits: null };
  const row = await findGroupCreditQuotas(db, tenantId, groupId);
  return { memberUnits: row?.memberCreditQuotaUnits ?? 0n, poolUnits: row?.creditQuotaUnits ?? null };
}

/** This period's used credits of a member, their group and the tenant, in one round trip. */
export async function findUsedFigures(db: Executor, tenantId: number, memberId: number, groupId: number | null, period: string): Promise<UsedFigures> {
  const [row] = await queryRows<{ used: string | null; group_used: string | null; tenant_used: string | null }>(
    db,
    sql`select (select used_units from member_credit_usage where tenant_id = ${tenantId} and member_id = ${memberId} and period_start = ${period})::text as used,
      (select used_units from group_credit_usage where tenant_id = ${tenantId} and member_group_id = ${groupId} and period_start = ${period})::text as group_used,
      (select used_units from tenant_credit_usage where tenant_id = ${tenantId} and period_start = ${period})::text as tenant_used`,
  );
  return { usedUnits: BigInt(row?.used ?? 0), groupUsedUnits: BigInt(row?.group_used ?? 0), tenantUsedUnits: BigInt(row?.tenant_used ?? 0) };
}

/**
 * The usage figures and the grants the budget rule needs, straight from the database (the
 * member's own pages): the grants come as their rows and the previous window's spending, for the
 * rule to weigh.
 */
export async function findCreditFigures(db: Executor, tenantId: number, memberId: number, groupId: number | null, period: string, day: string, previousPeriod: string) {
  const [used, grants] = await Promise.all([findUsedFigures(db, tenantId, memberId, groupId, period), findBudgetGrants(db, tenantId, memberId, previousPeriod, day)]);
  return { ...used, grants };
}

/** A member's spending in each of `periods` (window starts), from the monthly roll-up; 0 for a window without any. */
export async function findMemberSpent(db: Executor, tenantId: number, memberId: number, periods: string[]): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ period: memberCreditUsage.periodStart, used: memberCreditUsage.usedUnits })
    .from(memberCreditUsage)
    .where(and(eq(memberCreditUsage.tenantId, tenantId), eq(memberCreditUsage.memberId, memberId), inArray(memberCreditUsage.periodStart, periods)));
  return new Map(periods.map((p) => [p, rows.find((r) => r.period === p)?.used ?? 0n]));
}

/**
 * What a member spent in the window starting `period` before each of `days` (UTC midnight), from
 * the ledger in one statement (spending per day, summed here): what a grant that ended within the
 * window could have covered (decision 043). Asked only when such a grant exists.
 */
export async function findMemberSpentBefore(db: Executor, tenantId: number, memberId: number, period: string, days: readonly string[]): Promise<Map<string, bigint>> {
  const last = [...days].sort().at(-1)!;
  const perDay = await queryRows<{ day: string; units: string }>(
    db,
    sql`select (l.created_at at time zone 'UTC')::date::text as day, (-sum(l.amount_units))::text as units
      from credit_ledger l
      where l.tenant_id = ${tenantId} and l.member_id = ${memberId} and l.period_start = ${period} and l.kind = 'usage'
        and l.created_at < ${`${last}T00:00:00Z`}::timestamptz
      group by 1`,
  );
  return new Map(days.map((d) => [d, perDay.reduce((sum, r) => (r.day < d ? sum + BigInt(r.units) : sum), 0n)]));
}

export function usageByModel(db: Executor, tenantId: number, memberId: number, period: string) {
  return db
    .select({
      llmModelId: creditLedger.llmModelId,
      displayName: llmModels.displayName,
      messageCount: sql<number>`count(*)::int`,
      inputTokens: sql<number>`coalesce(sum(${creditLedger.inputTokens}), 0)::bigint`.mapWith(Number),
      outputTokens: sql<number>`coalesce(sum(${creditLedger.outputTokens}), 0)::bigint`.mapWith(Number),
      units: sql<string>`coalesce(-sum(${creditLedger.amountUnits}), 0)::text`,
    })
    .from(creditLedger)
    .innerJoin(llmModels, and(eq(llmModels.tenantId, creditLedger.tenantId), eq(llmModels.id, creditLedger.llmModelId)))
    .where(
      and(eq(creditLedger.tenantId, tenantId), eq(creditLedger.memberId, memberId), eq(creditLedger.periodStart, period), eq(creditLedger.kind, 'usage')),
    )
    .groupBy(creditLedger.llmModelId, llmModels.displayName);
}

/** A member's and the tenant's monthly totals after a charge, in credit units. */
export interface ChargedTotals {
  memberUsedUnits: bigint;
  tenantUsedUnits: bigint;
  /** The charged group's total; null for a charge without a group. */
  groupUsedUnits: bigint | null;
}

/** One answer's use of credits: a `usage` row of the ledger. */
export interface UsageCharge {
  memberId: number;
  memberGroupId: number | null;
  llmModelId: number;
  sessionId: number;
  messageId: number;
  inputTokens: number;
  outputTokens: number;
  /** The total: the parts below summed. */
  units: bigint;
  inputUnits: bigint;
  outputUnits: bigint;
  maskingUnits: bigint;
  webSearchCount: number;
  webSearchUnits: bigint;
  imageCount: number;
  imageUnits: bigint;
  /** The admission's reservation this charge settles (a database reservation), else null. */
  reservationId: number | null;
}

const chargeInput = (c: UsageCharge) => ({
  member_id: c.memberId,
  member_group_id: c.memberGroupId,
  llm_model_id: c.llmModelId,
  session_id: c.sessionId,
  message_id: c.messageId,
  input_tokens: c.inputTokens,
  output_tokens: c.outputTokens,
  units: c.units.toString(),
  input_units: c.inputUnits.toString(),
  output_units: c.outputUnits.toString(),
  masking_units: c.maskingUnits.toString(),
  web_search_count: c.webSearchCount,
  web_search_units: c.webSearchUnits.toString(),
  image_count: c.imageCount,
  image_units: c.imageUnits.toString(),
  reservation_id: c.reservationId,
});

/**
 * Appends usage rows to the ledger and moves both monthly totals (member and tenant) by their sum
 * in ONE statement — atomic without a transaction, one round trip for a whole batch of answers of
 * one tenant and month (decision 014). Returns, in the given order, each member's and the
 * tenant's total after all of them. The statement has committed when this returns, so an entry
 * whose total is missing gets an Error of its own: the batch must not be retried and charged twice.
 */
export async function chargeUsage(db: RawExecutor, tenantId: number, period: string, charges: UsageCharge[]): Promise<Array<ChargedTotals | Error>> {
  const part = chargeUsagePart(tenantId, period, charges);
  return part.read(await db.raw(part.call.statement, part.call.params));
}

/** `chargeUsage` as a share of a larger write (`rawMany`): its statement and how to read its rows. */
export function chargeUsagePart(tenantId: number, period: string, charges: UsageCharge[]): WritePart<Array<ChargedTotals | Error>> {
  return {
    // Without a database reservation to settle (the embedded database holds in process), the statement without that part.
    call: { statement: charges.some((c) => c.reservationId !== null) ? CHARGE_SQL : CHARGE_SQL_LOCAL, params: [tenantId, JSON.stringify(charges.map(chargeInput)), period] },
    read(rows) {
      const byN = new Map((rows as Array<{ n: string; used: string; tenant_used: string; group_used: string | null }>).map((r) => [Number(r.n), r]));
      return charges.map((_, i) => {
        const row = byN.get(i + 1);
        return row
          ? { memberUsedUnits: BigInt(row.used), tenantUsedUnits: BigInt(row.tenant_used), groupUsedUnits: row.group_used === null ? null : BigInt(row.group_used) }
          : new Error('chargeUsage: a total is missing');
      });
    },
  };
}
/**
 * $1 tenant, $2 a JSON array of charges (n = position from 1), $3 the month. Besides the ledger and
 * the member's and tenant's monthly totals it moves the group's monthly total and the day's roll-up
 * per model (what the console's dashboards read, decision 033) and deletes the reservations the
 * charges settle (decision 031) — all in the one statement, so no figure ever drifts from the ledger.
 * An answer already in the ledger (its close and a crash's recovery both charged it, decision 046)
 * is skipped whole — no row, no figure moved — and gets no total back; its reservation still goes.
 */
const CHARGE_TEXT = `with input as (
    select * from rows from (json_to_recordset($2::json) as (member_id int, member_group_id int, llm_model_id int, session_id int, message_id int,
      input_tokens int, output_tokens int, units bigint, input_units bigint, output_units bigint, masking_units bigint,
      web_search_count int, web_search_units bigint, image_count int, image_units bigint, reservation_id bigint))
      with ordinality as i(member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, units, input_units, output_units,
        masking_units, web_search_count, web_search_units, image_count, image_units, reservation_id, n)
  ),
  ledger as (
    insert into credit_ledger (tenant_id, kind, member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, amount_units,
      input_units, output_units, masking_units, web_search_count, web_search_units, image_count, image_units, period_start)
    select $1, 'usage', member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, -units,
      input_units, output_units, masking_units, web_search_count, web_search_units, image_count, image_units, $3::date from input order by n
    on conflict (tenant_id, message_id) where kind = 'usage' do nothing
    returning message_id
  ),
  charged as (select * from input where message_id is null or message_id in (select message_id from ledger)),
  tenant_total as (
    insert into tenant_credit_usage (tenant_id, period_start, used_units) select $1, $3::date, coalesce(sum(units), 0)::bigint from charged
    on conflict (tenant_id, period_start) do update set used_units = tenant_credit_usage.used_units + excluded.used_units
    returning used_units
  ),
  member_total as (
    insert into member_credit_usage (tenant_id, member_id, period_start, used_units, message_count, input_tokens, output_tokens)
    select $1, member_id, $3::date, sum(units)::bigint, count(*)::int, sum(input_tokens)::bigint, sum(output_tokens)::bigint from charged group by member_id
    on conflict (tenant_id, member_id, period_start) do update set
      used_units = member_credit_usage.used_units + excluded.used_units,
      message_count = member_credit_usage.message_count + excluded.message_count,
      input_tokens = member_credit_usage.input_tokens + excluded.input_tokens,
      output_tokens = member_credit_usage.output_tokens + excluded.output_tokens
    returning member_id, used_units
  ),
  group_total as (
    insert into group_credit_usage (tenant_id, member_group_id, period_start, used_units, message_count)
    select $1, i.member_group_id, $3::date, sum(i.units)::bigint, count(*)::int from charged i
    where i.member_group_id is not null and exists (select 1 from member_groups g where g.tenant_id = $1 and g.id = i.member_group_id)
    group by i.member_group_id
    on conflict (tenant_id, member_group_id, period_start) do update set
      used_units = group_credit_usage.used_units + excluded.used_units,
      message_count = group_credit_usage.message_count + excluded.message_count
    returning member_group_id, used_units
  ),
  daily as (
    insert into credit_usage_daily (tenant_id, day, llm_model_id, message_count, input_tokens, output_tokens, used_units, input_units, output_units,
      web_search_count, web_search_units, image_count, image_units)
    select $1, (now() at time zone 'UTC')::date, coalesce(llm_model_id, 0), count(*)::int, sum(input_tokens)::bigint, sum(output_tokens)::bigint,
      sum(units)::bigint, sum(input_units)::bigint, sum(output_units)::bigint, sum(web_search_count)::int, sum(web_search_units)::bigint,
      sum(image_count)::int, sum(image_units)::bigint
    from charged group by coalesce(llm_model_id, 0)
    on conflict (tenant_id, day, llm_model_id) do update set
      message_count = credit_usage_daily.message_count + excluded.message_count,
      input_tokens = credit_usage_daily.input_tokens + excluded.input_tokens,
      output_tokens = credit_usage_daily.output_tokens + excluded.output_tokens,
      used_units = credit_usage_daily.used_units + excluded.used_units,
      input_units = credit_usage_daily.input_units + excluded.input_units,
      output_units = credit_usage_daily.output_units + excluded.output_units,
      web_search_count = credit_usage_daily.web_search_count + excluded.web_search_count,
      web_search_units = credit_usage_daily.web_search_units + excluded.web_search_units,
      image_count = credit_usage_daily.image_count + excluded.image_count,
      image_units = credit_usage_daily.image_units + excluded.image_units
    returning 1
  ),
  settled as (
    delete from credit_reservations where tenant_id = $1 and id in (select reservation_id from input where reservation_id is not null)
    returning 1
  )
  select i.n::text as n, mt.used_units::text as used, (select used_units from tenant_total)::text as tenant_used, gt.used_units::text as group_used
  from charged i join member_total mt on mt.member_id = i.member_id left join group_total gt on gt.member_group_id = i.member_group_id,
    (select count(*) from ledger) l, (select count(*) from daily) d, (select count(*) from settled) s
  order by i.n`;
const CHARGE_SQL = statement('credits_charge', CHARGE_TEXT);
/** The same without settling reservations: the embedded database's (its holds live in the process). */
const SETTLED_CTE = `,
  settled as (
    delete from credit_reservations where tenant_id = $1 and id in (select reservation_id from input where reservation_id is not null)
    returning 1
  )`;
const CHARGE_SQL_LOCAL = statement('credits_charge_local', CHARGE_TEXT.replace(SETTLED_CTE, '').replace(', (select count(*) from settled) s', ''));
if (CHARGE_SQL_LOCAL.text.includes('settled')) throw new Error('credits: the local charge statement still settles reservations');

/** This month's usage per member group (the group each answer was charged under). */
export function usageByGroup(db: Executor, tenantId: number, period: string) {
  return db
    .select({
      memberGroupId: creditLedger.memberGroupId,
      messageCount: sql<number>`count(*)::int`,
      units: sql<string>`coalesce(-sum(${creditLedger.amountUnits}), 0)::text`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.tenantId, tenantId), eq(creditLedger.periodStart, period), eq(creditLedger.kind, 'usage')))
    .groupBy(creditLedger.memberGroupId);
}

/** A member's usage since `since` (the last-30-days card), from the ledger's member index. */
export async function findRecentUsage(db: Executor, tenantId: number, memberId: number, since: Date): Promise<{ units: bigint; messageCount: number }> {
  const [row] = await db
    .select({ units: sql<string>`coalesce(-sum(${creditLedger.amountUnits}), 0)::text`, messageCount: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.tenantId, tenantId),
        eq(creditLedger.memberId, memberId),
        eq(creditLedger.kind, 'usage'),
        gte(creditLedger.periodStart, sql`(${since.toISOString()}::timestamptz - interval '1 month')::date`),
        gte(creditLedger.createdAt, since),
      ),
    );
  return { units: BigInt(row?.units ?? 0), messageCount: row?.messageCount ?? 0 };
}

/** Whether the member's active plan gives free use of low-cost models: the billing module's query (decision 055). */
export { findLowLlmFree } from '../billing/billing.readonly';

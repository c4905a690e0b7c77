import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows, type RawExecutor, statement, type WritePart } from '../../db/client';
import { creditLedger, llmModels, memberCreditUsage, memberGroups } from '../../db/schema/index';

export async function findMemberUsage(db: Executor, tenantId: number, memberId: number, period: string) {
  const row = await db.query.memberCreditUsage.findFirst({
    where: and(eq(memberCreditUsage.tenantId, tenantId), eq(memberCreditUsage.memberId, memberId), eq(memberCreditUsage.periodStart, period)),
  });
  return row ?? { usedUnits: 0n, messageCount: 0, inputTokens: 0, outputTokens: 0 };
}

export interface CreditFigures {
  groupQuotaUnits: bigint;
  usedUnits: bigint;
  tenantUsedUnits: bigint;
}

/** A group's monthly member quota (credit units) as an SQL expression (text). */
function groupQuotaSql(tenantId: number, groupId: number | null) {
  return sql<string | null>`(select member_credit_quota_units from member_groups where tenant_id = ${tenantId} and id = ${groupId})::text`;
}

/** A group's monthly member quota in credit units (0 for no group). */
export async function findGroupMemberQuota(db: Executor, tenantId: number, groupId: number | null): Promise<bigint> {
  if (groupId === null) return 0n;
  const row = await db.query.memberGroups.findFirst({
    columns: { memberCreditQuotaUnits: true },
    where: and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, groupId)),
  });
  return row?.memberCreditQuotaUnits ?? 0n;
}

/** The three figures of the credit rule as SQL expressions (text), to select on their own or inside a larger statement. */
function creditFiguresSql(tenantId: number, memberId: number, groupId: number | null, period: string) {
  return {
    groupQuota: groupQuotaSql(tenantId, groupId),
    used: sql<string | null>`(select used_units from member_credit_usage where tenant_id = ${tenantId} and member_id = ${memberId} and period_start = ${period})::text`,
    tenantUsed: sql<string | null>`(select used_units from tenant_credit_usage where tenant_id = ${tenantId} and period_start = ${period})::text`,
  };
}

function toCreditFigures(r: { groupQuota: string | null; used: string | null; tenantUsed: string | null }): CreditFigures {
  return { groupQuotaUnits: BigInt(r.groupQuota ?? 0), usedUnits: BigInt(r.used ?? 0), tenantUsedUnits: BigInt(r.tenantUsed ?? 0) };
}

/** Everything the credit rule needs, in one round trip. */
export async function findCreditFigures(db: Executor, tenantId: number, memberId: number, groupId: number | null, period: string): Promise<CreditFigures> {
  const f = creditFiguresSql(tenantId, memberId, groupId, period);
  const [row] = await queryRows<{ group_quota: string | null; used: string | null; tenant_used: string | null }>(
    db,
    sql`select ${f.groupQuota} as group_quota, ${f.used} as used, ${f.tenantUsed} as tenant_used`,
  );
  return toCreditFigures({ groupQuota: row?.group_quota ?? null, used: row?.used ?? null, tenantUsed: row?.tenant_used ?? null });
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
  units: bigint;
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
    call: { statement: CHARGE_SQL, params: [tenantId, JSON.stringify(charges.map(chargeInput)), period] },
    read(rows) {
      const byN = new Map((rows as Array<{ n: string; used: string; tenant_used: string }>).map((r) => [Number(r.n), r]));
      return charges.map((_, i) => {
        const row = byN.get(i + 1);
        return row ? { memberUsedUnits: BigInt(row.used), tenantUsedUnits: BigInt(row.tenant_used) } : new Error('chargeUsage: a total is missing');
      });
    },
  };
}
/** $1 tenant, $2 a JSON array of charges (n = position from 1), $3 the month. */
const CHARGE_SQL = statement('credits_charge', `with input as (
    select * from rows from (json_to_recordset($2::json) as (member_id int, member_group_id int, llm_model_id int, session_id int, message_id int,
      input_tokens int, output_tokens int, units bigint))
      with ordinality as i(member_id, member_group_id, llm_model_id, session_id, message_id, input_tokens, output_tokens, units, n)
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
  from input i join member_total mt on mt.member_id = i.member_id, (select count(*) from ledger) l
  order by i.n`);

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

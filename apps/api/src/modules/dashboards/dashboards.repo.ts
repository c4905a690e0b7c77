import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * The dashboards read the roll-ups the charge statement keeps (credit_usage_daily per tenant, day
 * and model) and tenant_chat_users (members who chatted per billing period, kept by triggers on
 * member_credit_usage), never the ledger: a month is at most 31 × models rows however many answers
 * and members it had (decision 033).
 */

/** A day range [from, to) of credit_usage_daily, summed. */
export interface UsageSums {
  messageCount: number;
  inputTokens: number;
  outputTokens: number;
  usedUnits: bigint;
  inputUnits: bigint;
  outputUnits: bigint;
  webSearchCount: number;
  webSearchUnits: bigint;
  imageCount: number;
  imageUnits: bigint;
}

interface SumsRow {
  message_count: string;
  input_tokens: string;
  output_tokens: string;
  used_units: string;
  input_units: string;
  output_units: string;
  web_search_count: string;
  web_search_units: string;
  image_count: string;
  image_units: string;
}

const SUMS = sql.raw(`coalesce(sum(message_count), 0)::text as message_count,
  coalesce(sum(input_tokens), 0)::text as input_tokens,
  coalesce(sum(output_tokens), 0)::text as output_tokens,
  coalesce(sum(used_units), 0)::text as used_units,
  coalesce(sum(input_units), 0)::text as input_units,
  coalesce(sum(output_units), 0)::text as output_units,
  coalesce(sum(web_search_count), 0)::text as web_search_count,
  coalesce(sum(web_search_units), 0)::text as web_search_units,
  coalesce(sum(image_count), 0)::text as image_count,
  coalesce(sum(image_units), 0)::text as image_units`);

const toSums = (r: SumsRow | undefined): UsageSums => ({
  messageCount: Number(r?.message_count ?? 0),
  inputTokens: Number(r?.input_tokens ?? 0),
  outputTokens: Number(r?.output_tokens ?? 0),
  usedUnits: BigInt(r?.used_units ?? 0),
  inputUnits: BigInt(r?.input_units ?? 0),
  outputUnits: BigInt(r?.output_units ?? 0),
  webSearchCount: Number(r?.web_search_count ?? 0),
  webSearchUnits: BigInt(r?.web_search_units ?? 0),
  imageCount: Number(r?.image_count ?? 0),
  imageUnits: BigInt(r?.image_units ?? 0),
});

export interface CardFigures {
  activeMembers: number;
  chatUsers: number;
  month: UsageSums;
  all: UsageSums;
  publicChatbots: number;
  privateChatbots: number;
  defaultChatbots: number;
}

/** Everything the cards show, in one round trip; `from`/`to` bound this month ([from, to), dates). */
export async function findCardFigures(db: Executor, tenantId: number, from: string, to: string): Promise<CardFigures> {
  const [row] = await queryRows<{
    active: string;
    chat_users: string;
    month: SumsRow;
    all_time: SumsRow;
    public_bots: string;
    private_bots: string;
    default_bots: string;
  }>(
    db,
    sql`select
      (select count(*) from members where tenant_id = ${tenantId} and member_status = 'active')::text as active,
      (select coalesce(sum(members), 0) from tenant_chat_users
        where tenant_id = ${tenantId} and period_start >= ${from}::date and period_start < ${to}::date)::text as chat_users,
      (select row_to_json(s) from (select ${SUMS} from credit_usage_daily where tenant_id = ${tenantId} and day >= ${from}::date and day < ${to}::date) s) as month,
      (select row_to_json(s) from (select ${SUMS} from credit_usage_daily where tenant_id = ${tenantId}) s) as all_time,
      b.public_bots, b.private_bots, b.default_bots
    from (select
        count(*) filter (where is_public and not is_default)::text as public_bots,
        count(*) filter (where not is_public and not is_default)::text as private_bots,
        count(*) filter (where is_default)::text as default_bots
      from chatbots where tenant_id = ${tenantId} and deleted_at is null) b`,
  );
  return {
    activeMembers: Number(row?.active ?? 0),
    chatUsers: Number(row?.chat_users ?? 0),
    month: toSums(row?.month),
    all: toSums(row?.all_time),
    publicChatbots: Number(row?.public_bots ?? 0),
    privateChatbots: Number(row?.private_bots ?? 0),
    defaultChatbots: Number(row?.default_bots ?? 0),
  };
}

/** Sums by calendar month (`YYYY-MM`) and model over [from, to). */
export async function usageByMonthAndModel(db: Executor, tenantId: number, from: string, to: string): Promise<Array<UsageSums & { month: string; llmModelId: number }>> {
  const rows = await queryRows<SumsRow & { month: string; llm_model_id: number }>(
    db,
    sql`select to_char(day, 'YYYY-MM') as month, llm_model_id, ${SUMS}
      from credit_usage_daily where tenant_id = ${tenantId} and day >= ${from}::date and day < ${to}::date
      group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({ month: r.month, llmModelId: Number(r.llm_model_id), ...toSums(r) }));
}

/** Sums by model over [from, to). */
export async function usageByModel(db: Executor, tenantId: number, from: string, to: string): Promise<Array<UsageSums & { llmModelId: number }>> {
  const rows = await queryRows<SumsRow & { llm_model_id: number }>(
    db,
    sql`select llm_model_id, ${SUMS}
      from credit_usage_daily where tenant_id = ${tenantId} and day >= ${from}::date and day < ${to}::date
      group by 1 order by 1`,
  );
  return rows.map((r) => ({ llmModelId: Number(r.llm_model_id), ...toSums(r) }));
}

/**
 * Members who chatted, by the month their billing period starts in (`YYYY-MM`) over [from, to):
 * with the billing day on the 1st (the default) these are exactly the calendar months.
 */
export async function chatUsersByMonth(db: Executor, tenantId: number, from: string, to: string): Promise<Map<string, number>> {
  // tenant_chat_users holds the count per period (triggers on member_credit_usage keep it): a row a month.
  const rows = await queryRows<{ period: string; n: string }>(
    db,
    sql`select period_start::text as period, members::text as n
      from tenant_chat_users
      where tenant_id = ${tenantId} and period_start >= ${from}::date and period_start < ${to}::date`,
  );
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.period.slice(0, 7), (out.get(r.period.slice(0, 7)) ?? 0) + Number(r.n));
  return out;
}

/** The tenant's models' names (deleted ones too: their usage stays). */
export async function modelNames(db: Executor, tenantId: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; display_name: string }>(db, sql`select id, display_name from llm_models where tenant_id = ${tenantId}`);
  return new Map(rows.map((r) => [Number(r.id), r.display_name]));
}

export interface PurchaseRow {
  id: number;
  kind: string;
  koName: string;
  enName: string;
  units: bigint;
  usageStartDate: string;
  usageEndDate: string;
  createdAt: Date;
  member: { id: number; name: string; email: string };
  transaction: { id: number; price: number; currency: string; receiptUrl: string | null; createdAt: Date } | null;
}

/** Credits the tenant's members bought (purchases and plan months), newest first, a page of them and the count. */
export async function listPurchases(db: Executor, tenantId: number, limit: number, offset: number): Promise<{ rows: PurchaseRow[]; total: number }> {
  const where = sql`g.tenant_id = ${tenantId} and g.kind in ('purchase', 'plan')`;
  const [rows, count] = await Promise.all([
    queryRows<{
      id: number;
      kind: string;
      ko_name: string;
      en_name: string;
      units: string;
      usage_start_date: string;
      usage_end_date: string;
      created_at: string | Date;
      member_id: number;
      member_name: string | null;
      member_email: string | null;
      tx_id: number | null;
      price: number | null;
      currency: string | null;
      receipt_url: string | null;
      tx_created_at: string | Date | null;
    }>(
      db,
      sql`select g.id, g.kind, g.ko_name, g.en_name, g.units::text as units, g.usage_start_date::text as usage_start_date,
          g.usage_end_date::text as usage_end_date, g.created_at, g.member_id, m.name as member_name, m.email as member_email,
          t.id as tx_id, t.price, t.currency, t.receipt_url, t.created_at as tx_created_at
        from credit_grants g
        left join members m on m.tenant_id = g.tenant_id and m.id = g.member_id
        left join credit_transactions t on t.tenant_id = g.tenant_id and t.id = g.transaction_id
        where ${where}
        order by g.created_at desc, g.id desc
        limit ${limit} offset ${offset}`,
    ),
    queryRows<{ n: string }>(db, sql`select count(*)::text as n from credit_grants g where ${where}`),
  ]);
  return {
    total: Number(count[0]?.n ?? 0),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      koName: r.ko_name,
      enName: r.en_name,
      units: BigInt(r.units),
      usageStartDate: r.usage_start_date,
      usageEndDate: r.usage_end_date,
      createdAt: new Date(r.created_at),
      member: { id: Number(r.member_id), name: r.member_name ?? '', email: r.member_email ?? '' },
      transaction:
        r.tx_id === null
          ? null
          : { id: Number(r.tx_id), price: Number(r.price), currency: r.currency ?? 'KRW', receiptUrl: r.receipt_url, createdAt: new Date(r.tx_created_at!) },
    })),
  };
}

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { AdminCredits, AdminCreditsQuery, DashboardCards, DashboardUsage, UsageRangeQuery } from '@app/contracts/dashboards';
import { CREDITS_PAGE_SIZE, USAGE_MAX_MONTHS } from '@app/contracts/dashboards';
import type { Db } from '../../db/client';
import type { MemberContext, TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pagination } from '../../platform/pagination';
import { unitsToDisplay } from '../credits/credits.rules';
import { chatUsersByMonth, findCardFigures, listPurchases, modelNames, usageByModel, usageByMonthAndModel, type UsageSums } from './dashboards.repo';

/** `YYYY-MM` of a date (UTC). */
export const monthOf = (at: Date): string => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
/** The month `n` months after `month` (n may be negative). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(y, m - 1 + n, 1)));
}
/** First day of a month, `YYYY-MM-01`. */
export const firstDay = (month: string): string => `${month}-01`;
/** Every month from `start` to `end`, both included. */
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let m = start; m <= end; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** The range asked for, or the last 12 months up to this one; 422 when it runs backwards or past the longest range. */
export function resolveRange(q: UsageRangeQuery, now = new Date()): { start: string; end: string } {
  const end = q.end_month ?? monthOf(now);
  const start = q.start_month ?? addMonths(end, -11);
  if (start > end) throw new AppError('validation_error', 'start_month must not be after end_month');
  if (monthsBetween(start, end).length > USAGE_MAX_MONTHS) throw new AppError('validation_error', `At most ${USAGE_MAX_MONTHS} months`);
  return { start, end };
}

const figures = (s: UsageSums) => ({
  message_count: s.messageCount,
  input_tokens: s.inputTokens,
  output_tokens: s.outputTokens,
  used_credit: unitsToDisplay(s.usedUnits),
  web_search_count: s.webSearchCount,
  image_count: s.imageCount,
});

const ZERO: UsageSums = {
  messageCount: 0,
  inputTokens: 0,
  outputTokens: 0,
  usedUnits: 0n,
  inputUnits: 0n,
  outputUnits: 0n,
  webSearchCount: 0,
  webSearchUnits: 0n,
  imageCount: 0,
  imageUnits: 0n,
};

function add(a: UsageSums, b: UsageSums): UsageSums {
  return {
    messageCount: a.messageCount + b.messageCount,
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    usedUnits: a.usedUnits + b.usedUnits,
    inputUnits: a.inputUnits + b.inputUnits,
    outputUnits: a.outputUnits + b.outputUnits,
    webSearchCount: a.webSearchCount + b.webSearchCount,
    webSearchUnits: a.webSearchUnits + b.webSearchUnits,
    imageCount: a.imageCount + b.imageCount,
    imageUnits: a.imageUnits + b.imageUnits,
  };
}

/** One CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const USAGE_EXPORT_TASK = 'dashboard_usage_export';
export const USAGE_CSV_HEADER = [
  'month',
  'model',
  'messages',
  'input_tokens',
  'output_tokens',
  'credits',
  'input_credits',
  'output_credits',
  'web_searches',
  'web_search_credits',
  'images',
  'image_credits',
  'chat_users',
] as const;

export interface DashboardsServiceDeps {
  db: Db;
}

async function usageOver(deps: DashboardsServiceDeps, tenantId: number, range: { start: string; end: string }): Promise<DashboardUsage> {
  const { db } = deps;
  const from = firstDay(range.start);
  const to = firstDay(addMonths(range.end, 1));
  const [rows, users, names] = await Promise.all([usageByMonthAndModel(db, tenantId, from, to), chatUsersByMonth(db, tenantId, from, to), modelNames(db, tenantId)]);
  const byMonth = new Map<string, UsageSums>();
  for (const r of rows) byMonth.set(r.month, add(byMonth.get(r.month) ?? ZERO, r));
  return {
    start_month: range.start,
    end_month: range.end,
    months: monthsBetween(range.start, range.end).map((month) => ({ month, ...figures(byMonth.get(month) ?? ZERO), chat_users: users.get(month) ?? 0 })),
    by_model: rows.map((r) => ({ month: r.month, llm_model_id: r.llmModelId, display_name: names.get(r.llmModelId) ?? '', ...figures(r) })),
  };
}

export async function cards(deps: DashboardsServiceDeps, ctx: TenantContext, now = new Date()): Promise<DashboardCards> {
  const { db } = deps;
  const month = monthOf(now);
  const f = await findCardFigures(db, ctx.tenantId, firstDay(month), firstDay(addMonths(month, 1)));
  return {
    month,
    members: { active: f.activeMembers, max: ctx.tenant.maxMembers ?? null },
    monthly_chat_users: f.chatUsers,
    monthly_messages: f.month.messageCount,
    monthly_credits: unitsToDisplay(f.month.usedUnits),
    chatbots: { public: f.publicChatbots, private: f.privateChatbots, default: f.defaultChatbots },
    totals: { messages: f.all.messageCount, tokens: f.all.inputTokens + f.all.outputTokens, credits: unitsToDisplay(f.all.usedUnits) },
  };
}

/**
 * The usage export task: one CSV row a month and model (UTF-8 with a byte order mark, so Excel
 * reads it), then the month's total row (model `*`) with its chat users; progress by month.
 */
export async function exportUsageCsv(deps: DashboardsServiceDeps, tenantId: number, params: unknown, file: string, report: (done: number, total: number) => Promise<void>): Promise<{ fileName: string }> {
  const { db } = deps;
  const p = params as { start_month?: string; end_month?: string };
  const range = resolveRange({ start_month: p.start_month, end_month: p.end_month });
  const months = monthsBetween(range.start, range.end);
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('\uFEFF');
  await write(`${USAGE_CSV_HEADER.join(',')}\r\n`);
  await report(0, months.length);
  const names = await modelNames(db, tenantId);
  let done = 0;
  for (const month of months) {
    const from = firstDay(month);
    const to = firstDay(addMonths(month, 1));
    const [rows, users] = await Promise.all([usageByModel(db, tenantId, from, to), chatUsersByMonth(db, tenantId, from, to)]);
    let total = ZERO;
    const line = (model: string, s: UsageSums, chatUsers: number | '') =>
      `${[
        month,
        model,
        s.messageCount,
        s.inputTokens,
        s.outputTokens,
        unitsToDisplay(s.usedUnits),
        unitsToDisplay(s.inputUnits),
        unitsToDisplay(s.outputUnits),
        s.webSearchCount,
        unitsToDisplay(s.webSearchUnits),
        s.imageCount,
        unitsToDisplay(s.imageUnits),
        chatUsers,
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    let chunk = '';
    for (const r of rows) {
      total = add(total, r);
      chunk += line(names.get(r.llmModelId) ?? (r.llmModelId === 0 ? '' : `#${r.llmModelId}`), r, '');
    }
    chunk += line('*', total, users.get(month) ?? 0);
    await write(chunk);
    done += 1;
    await report(done, months.length);
  }
  out.end();
  await once(out, 'finish');
  return { fileName: `usage-${range.start}-${range.end}.csv` };
}

/** `GET /admin/credits/`: the month's usage by model (LLM and image tables) and a page of the purchase history. */
export async function adminCredits(deps: DashboardsServiceDeps, ctx: MemberContext, q: AdminCreditsQuery, now = new Date()): Promise<AdminCredits> {
  const { db } = deps;
  const month = q.month ?? monthOf(now);
  const from = firstDay(month);
  const to = firstDay(addMonths(month, 1));
  const size = CREDITS_PAGE_SIZE;
  const [rows, names, purchases] = await Promise.all([
    usageByModel(db, ctx.tenantId, from, to),
    modelNames(db, ctx.tenantId),
    listPurchases(db, ctx.tenantId, size, (q.page - 1) * size),
  ]);
  const total = rows.reduce(add, ZERO);
  const name = (id: number) => names.get(id) ?? '';
  return {
    month,
    totals: { used_credit: unitsToDisplay(total.usedUnits), message_count: total.messageCount },
    llm: rows
      // An image model's turns are image rows (their prompt's tokens are counted, nothing is written): a
      // model that made images is here only if it also wrote answers.
      .filter((r) => (r.imageCount === 0 ? r.messageCount > 0 || r.inputTokens > 0 || r.outputTokens > 0 || r.webSearchCount > 0 : r.outputTokens > 0))
      .map((r) => ({
        llm_model_id: r.llmModelId,
        display_name: name(r.llmModelId),
        message_count: r.messageCount,
        input_credit: unitsToDisplay(r.inputUnits),
        output_credit: unitsToDisplay(r.outputUnits),
        web_search_credit: unitsToDisplay(r.webSearchUnits),
        used_credit: unitsToDisplay(r.usedUnits - r.imageUnits),
        input_tokens: r.inputTokens,
        output_tokens: r.outputTokens,
        web_search_count: r.webSearchCount,
      })),
    images: rows
      .filter((r) => r.imageCount > 0)
      .map((r) => ({ llm_model_id: r.llmModelId, display_name: name(r.llmModelId), image_count: r.imageCount, image_credit: unitsToDisplay(r.imageUnits) })),
    purchases: {
      items: purchases.rows.map((p) => ({
        id: p.id,
        member: p.member,
        kind: p.kind,
        ko_name: p.koName,
        en_name: p.enName,
        credit: unitsToDisplay(p.units),
        usage_start_date: p.usageStartDate,
        usage_end_date: p.usageEndDate,
        created_at: p.createdAt.toISOString(),
        transaction: p.transaction
          ? { id: p.transaction.id, price: p.transaction.price, currency: p.transaction.currency, receipt_url: p.transaction.receiptUrl, created_at: p.transaction.createdAt.toISOString() }
          : null,
      })),
      pagination: pagination(q.page, size, purchases.total),
    },
  };
}

/**
 * The console's home and credits area (issue 24 items 4 and 5): cards, usage over a month range,
 * its export, and a month's usage by model with the purchase history — all from the roll-ups.
 */
export function createDashboardsService(deps: DashboardsServiceDeps) {
  return {
    cards: (ctx: TenantContext, now?: Date) => cards(deps, ctx, now),
    usage: (ctx: TenantContext, q: UsageRangeQuery): Promise<DashboardUsage> => usageOver(deps, ctx.tenantId, resolveRange(q)),
    /** Checks the range before the task is queued (a bad range is a 422 now, not a failed task later). */
    exportParams(q: UsageRangeQuery): { start_month: string; end_month: string } {
      const r = resolveRange(q);
      return { start_month: r.start, end_month: r.end };
    },
    exportUsageCsv: (tenantId: number, params: unknown, file: string, report: (done: number, total: number) => Promise<void>) => exportUsageCsv(deps, tenantId, params, file, report),
    credits: (ctx: MemberContext, q: AdminCreditsQuery, now?: Date) => adminCredits(deps, ctx, q, now),
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;

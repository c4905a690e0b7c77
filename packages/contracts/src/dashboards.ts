import { z } from 'zod';
import { pageQuery, paginationSchema } from './common';
import { defineEndpoints } from './endpoint';
import { taskSchema } from './tasks';

/** A calendar month (UTC) as `YYYY-MM`. */
export const monthString = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM');

/** The longest month range the usage views answer (3 years). */
export const USAGE_MAX_MONTHS = 36;
/** Purchase history page size (spec §9: credits 10 per page). */
export const CREDITS_PAGE_SIZE = 10;

/** `GET /admin/dashboards/`: the console home's cards (spec §2 Dashboard cards). */
export const dashboardCardsSchema = z.object({
  /** The current month (UTC), `YYYY-MM`, the monthly figures count. */
  month: monthString,
  /** Active members against the plan's maximum (null = no limit). */
  members: z.object({ active: z.number().int(), max: z.number().int().nullable() }),
  /** Members who chatted this month. */
  monthly_chat_users: z.number().int(),
  /** Answers this month. */
  monthly_messages: z.number().int(),
  /** Credits used this month, rounded down. */
  monthly_credits: z.number().int(),
  /** Chatbots members made: public (approved) versus private; the defaults apart. */
  chatbots: z.object({ public: z.number().int(), private: z.number().int(), default: z.number().int() }),
  /** All time. */
  totals: z.object({ messages: z.number().int(), tokens: z.number().int(), credits: z.number().int() }),
});
export type DashboardCards = z.infer<typeof dashboardCardsSchema>;

/** `start_month` and `end_month` (both included); by default the last 12 months up to this one. */
export const usageRangeQuery = z.object({ start_month: monthString.optional(), end_month: monthString.optional() });
export type UsageRangeQuery = z.infer<typeof usageRangeQuery>;

const usageFigures = {
  message_count: z.number().int(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  /** Credits, rounded down. */
  used_credit: z.number().int(),
  web_search_count: z.number().int(),
  image_count: z.number().int(),
};

/** `GET /admin/dashboards/usage/`: one row a month (every month of the range, zeros included) and the months by model. */
export const dashboardUsageSchema = z.object({
  start_month: monthString,
  end_month: monthString,
  months: z.array(z.object({ month: monthString, ...usageFigures, chat_users: z.number().int() })),
  by_model: z.array(z.object({ month: monthString, llm_model_id: z.number().int(), display_name: z.string(), ...usageFigures })),
});
export type DashboardUsage = z.infer<typeof dashboardUsageSchema>;

/** `GET /admin/credits/?month=YYYY-MM&page=N`: month defaults to this one, page to 1 (10 purchases a page). */
export const adminCreditsQuery = z.object({ month: monthString.optional(), page: pageQuery.shape.page });
export type AdminCreditsQuery = z.infer<typeof adminCreditsQuery>;

export const purchaseSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** plan | purchase */
  kind: z.string(),
  ko_name: z.string(),
  en_name: z.string(),
  /** Credits bought. */
  credit: z.number().int(),
  usage_start_date: z.string(),
  /** Exclusive. */
  usage_end_date: z.string(),
  created_at: z.string(),
  transaction: z
    .object({ id: z.number().int(), price: z.number().int(), currency: z.string(), receipt_url: z.string().nullable(), created_at: z.string() })
    .nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** The admin credits area (spec §2, §3 Credit usage): a month's usage by model, images, purchase history. */
export const adminCreditsSchema = z.object({
  month: monthString,
  totals: z.object({ used_credit: z.number().int(), message_count: z.number().int() }),
  /** LLM rows: input, output and web-search credits; input and output tokens; web search count. */
  llm: z.array(
    z.object({
      llm_model_id: z.number().int(),
      display_name: z.string(),
      message_count: z.number().int(),
      input_credit: z.number().int(),
      output_credit: z.number().int(),
      web_search_credit: z.number().int(),
      used_credit: z.number().int(),
      input_tokens: z.number().int(),
      output_tokens: z.number().int(),
      web_search_count: z.number().int(),
    }),
  ),
  /** Image rows: model, count, credits. */
  images: z.array(z.object({ llm_model_id: z.number().int(), display_name: z.string(), image_count: z.number().int(), image_credit: z.number().int() })),
  purchases: z.object({ items: z.array(purchaseSchema), pagination: paginationSchema }),
});
export type AdminCredits = z.infer<typeof adminCreditsSchema>;

const admin = { auth: 'admin', tags: ['admin'], errors: [401, 403, 422] } as const;

/** The console's home (spec §7 Admin dashboards) and its credits area (`GET /admin/credits/`). */
export const endpoints = defineEndpoints({
  cards: { method: 'GET', path: '/admin/dashboards/', ...admin, description: 'The console home cards.', response: dashboardCardsSchema },
  usage: {
    method: 'GET',
    path: '/admin/dashboards/usage/',
    ...admin,
    description: 'Usage per month (and per month and model) over start_month..end_month (YYYY-MM, both included; default the last 12 months, at most 36).',
    query: usageRangeQuery,
    response: dashboardUsageSchema,
  },
  exportUsage: {
    method: 'GET',
    path: '/admin/dashboards/usage/export-task/',
    ...admin,
    description: 'Starts a CSV export of the usage over the range; poll GET /tasks/{id}/.',
    query: usageRangeQuery,
    response: taskSchema,
  },
  credits: {
    method: 'GET',
    path: '/admin/credits/',
    ...admin,
    description: "The credits area: a month's usage by model (month=YYYY-MM, default this one) and the members' purchase history (page, 10 a page).",
    query: adminCreditsQuery,
    response: adminCreditsSchema,
  },
});

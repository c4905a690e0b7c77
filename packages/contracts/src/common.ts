import { z } from 'zod';

/** Query booleans arrive as strings ("true"/"false"); accept real booleans too. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof idParam>;

export const hashParam = z.object({ hash: z.string().min(1).max(64) });

/**
 * The one paging query (decision 054): `page` from 1, `size` 10 by default and at most 100. An
 * endpoint with another page size extends it (`pageQuery.extend({ size: pageSize(20, 50) })`).
 */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export const pageSize = (byDefault: number, max: number) => z.coerce.number().int().min(1).max(max).default(byDefault);
export type PageQuery = z.infer<typeof pageQuery>;

export const paginationSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The one paged list envelope: `{ items, pagination }` (totals from `platform/pagination.ts`). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), pagination: paginationSchema });
}

/** The one unpaged list envelope: `{ items }`. */
export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item) });
}

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okBody>;

export const languageSchema = z.enum(['ko', 'en', 'zh', 'ja', 'es']);
export type Language = z.infer<typeof languageSchema>;

export const isoDate = z.string();

/** Custom field values by field id (as a string key). */
export const customFieldValuesSchema = z.record(z.string().regex(/^\d+$/), z.union([z.string().max(1000), z.number()]));

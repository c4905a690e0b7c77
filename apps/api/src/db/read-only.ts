import { and, type Column, eq, getTableColumns, inArray, type SQL, sql, type Table } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * A read-only view of a table that its owner declares for other modules (decision 055): a subquery
 * of the columns it lends out, joined like a table (`from`, `leftJoin`, `eq(view.id, …)`) but with
 * nothing to insert, update or delete through. PostgreSQL flattens the subquery into the outer
 * query: the plan is the one the join on the table had.
 */
export const viewBuilder = new QueryBuilder({ casing: 'snake_case' });

/** Every column of `view`'s table, read through the view: the nested row of a `select({ row: columnsOf(…) })`. */
export function columnsOf<T extends Table>(table: T, view: object): T['_']['columns'] {
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((k) => [k, (view as Record<string, unknown>)[k]])) as T['_']['columns'];
}

/** A table with a tenant, an id and names in both languages (the audit log names rows by them). */
interface Named {
  tenantId: Column;
  id: Column;
}

/**
 * `[id, ko, en]` of the rows of `table` with these ids: what an owner lends the audit log to name
 * its rows (`ko` and `en` are the same column for a table with one name).
 */
export function namesOf<T extends Table & Named>(db: Executor, table: T, ko: Column | SQL, en: Column | SQL, tenantId: number, ids: number[]): Promise<Array<{ id: number; ko: string; en: string }>> {
  return db
    .select({ id: sql<number>`${table.id}`, ko: sql<string>`${ko}`, en: sql<string>`${en}` })
    .from(table as Table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids))) as Promise<Array<{ id: number; ko: string; en: string }>>;
}

import type { Executor } from '../../db/client';
import { namesOf, viewBuilder } from '../../db/read-only';
import { categories } from '../../db/schema/categories';

/**
 * What the categories module lends other modules' queries to join (decision 055), read-only: a
 * category's names and place in the order. A chatbot's categories are read with its row.
 */
export const categoryNames = viewBuilder
  .select({ tenantId: categories.tenantId, id: categories.id, koName: categories.koName, enName: categories.enName, sortOrder: categories.sortOrder })
  .from(categories)
  .as('categories');

/** The names of categories by id, for the audit log's entries. */
export function namesOfCategories(db: Executor, tenantId: number, ids: number[]) {
  return namesOf(db, categories, categories.koName, categories.enName, tenantId, ids);
}

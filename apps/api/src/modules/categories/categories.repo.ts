import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../../db/schema/categories';

export function listCategories(db: Executor, tenantId: number) {
  return db.select().from(categories).where(eq(categories.tenantId, tenantId)).orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function insertCategories(db: Executor, tenantId: number, rows: Array<{ enName: string; koName: string; sortOrder: number }>) {
  return db
    .insert(categories)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .returning();
}

export async function updateCategory(db: Executor, tenantId: number, id: number, values: { koName: string; enName: string; sortOrder?: number }) {
  const [row] = await db
    .update(categories)
    .set(values)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
    .returning();
  return row;
}

/** Deletes a category; its chatbots simply lose it (chatbot_categories rows go with it). */
export async function deleteCategory(db: Executor, tenantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
    .returning({ id: categories.id });
  return rows.length > 0;
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../../db/schema/index';

export function listCategories(db: Executor, tenantId: number) {
  return db.select().from(categories).where(eq(categories.tenantId, tenantId)).orderBy(asc(categories.sortOrder), asc(categories.id));
}

export async function insertCategories(db: Executor, tenantId: number, rows: Array<{ enName: string; koName: string; sortOrder: number }>) {
  await db.insert(categories).values(rows.map((r) => ({ ...r, tenantId })));
}

import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announcements } from '../../db/schema/announcements';
import { offsetOf } from '../../platform/pagination';

export type AnnouncementRow = typeof announcements.$inferSelect;

export async function listAnnouncements(db: Executor, tenantId: number, page: number, size: number) {
  const where = eq(announcements.tenantId, tenantId);
  const [rows, [count]] = await Promise.all([
    db.select().from(announcements).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(size).offset(offsetOf(page, size)),
    db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export function findAnnouncement(db: Executor, tenantId: number, id: number) {
  return db.query.announcements.findFirst({ where: and(eq(announcements.tenantId, tenantId), eq(announcements.id, id)) });
}

export function findActiveAnnouncements(db: Executor, tenantId: number) {
  return db.select().from(announcements).where(and(eq(announcements.tenantId, tenantId), eq(announcements.isActive, true)));
}

/** Serialises activations at one location of one tenant for the rest of the transaction. */
export async function lockLocation(tx: Executor, tenantId: number, location: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${tenantId}::int, hashtext(${location}))`);
}

export async function deactivateOthers(tx: Executor, tenantId: number, location: string, exceptId: number | null) {
  await tx
    .update(announcements)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(announcements.tenantId, tenantId),
        eq(announcements.location, location),
        eq(announcements.isActive, true),
        exceptId === null ? undefined : ne(announcements.id, exceptId),
      ),
    );
}

export async function insertAnnouncement(tx: Executor, tenantId: number, v: { title: string; content: string; location: string; isActive: boolean }) {
  const [row] = await tx.insert(announcements).values({ tenantId, ...v }).returning();
  return row!;
}

export async function updateAnnouncement(tx: Executor, tenantId: number, id: number, v: Partial<Pick<AnnouncementRow, 'title' | 'content' | 'location' | 'isActive'>>) {
  const [row] = await tx
    .update(announcements)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(announcements.tenantId, tenantId), eq(announcements.id, id)))
    .returning();
  return row;
}

export async function deleteAnnouncement(db: Executor, tenantId: number, id: number) {
  const rows = await db.delete(announcements).where(and(eq(announcements.tenantId, tenantId), eq(announcements.id, id))).returning({ id: announcements.id });
  return rows.length > 0;
}

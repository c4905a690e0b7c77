import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatMessages, chatSessions } from '../../db/schema/sessions';
import { offsetOf } from '../../platform/pagination';

export type SessionRow = typeof chatSessions.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export function findSessionByHash(db: Executor, tenantId: number, hashId: string) {
  return db.query.chatSessions.findFirst({ where: and(eq(chatSessions.tenantId, tenantId), eq(chatSessions.hashId, hashId)) });
}

export function findSessionByShareHash(db: Executor, tenantId: number, shareHashId: string) {
  return db.query.chatSessions.findFirst({ where: and(eq(chatSessions.tenantId, tenantId), eq(chatSessions.shareHashId, shareHashId)) });
}

export async function setShareHash(db: Executor, tenantId: number, id: number, shareHashId: string | null) {
  const [row] = await db.update(chatSessions).set({ shareHashId }).where(and(eq(chatSessions.tenantId, tenantId), eq(chatSessions.id, id))).returning();
  return row;
}

export async function listMemberSessions(db: Executor, tenantId: number, memberId: number, f: { chatbotId?: number; page: number; size: number }) {
  const where = and(
    eq(chatSessions.tenantId, tenantId),
    eq(chatSessions.memberId, memberId),
    eq(chatSessions.isTest, false),
    eq(chatSessions.origin, 'member'),
    f.chatbotId === undefined ? undefined : eq(chatSessions.chatbotId, f.chatbotId),
  );
  const [rows, [count]] = await Promise.all([
    db.select().from(chatSessions).where(where).orderBy(desc(chatSessions.lastChatAt), desc(chatSessions.id)).limit(f.size).offset(offsetOf(f.page, f.size)),
    db.select({ n: sql<number>`count(*)::int` }).from(chatSessions).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Undefined values are left as they are; with nothing to change (a PATCH of `{}`) no update runs. */
export async function updateSession(db: Executor, tenantId: number, id: number, v: Partial<Pick<SessionRow, 'title' | 'chatbotId'>>) {
  if (Object.values(v).every((x) => x === undefined)) return undefined;
  const [row] = await db.update(chatSessions).set(v).where(and(eq(chatSessions.tenantId, tenantId), eq(chatSessions.id, id))).returning();
  return row;
}

export async function deleteSession(db: Executor, tenantId: number, id: number) {
  await db.delete(chatSessions).where(and(eq(chatSessions.tenantId, tenantId), eq(chatSessions.id, id)));
}

/** A page of messages older than `beforeId`, newest first (the caller reverses). */
export function findMessagesBefore(db: Executor, tenantId: number, sessionId: number, beforeId: number | undefined, limit: number) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.tenantId, tenantId),
        eq(chatMessages.sessionId, sessionId),
        beforeId === undefined ? undefined : lt(chatMessages.id, beforeId),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

export function findFirstMemberMessage(db: Executor, tenantId: number, sessionId: number) {
  return db.query.chatMessages.findFirst({
    where: and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.sessionId, sessionId), eq(chatMessages.speakerType, 'member')),
    orderBy: asc(chatMessages.id),
  });
}

/** The first answer of the session (for its generated title). */
export function findFirstChatbotMessage(db: Executor, tenantId: number, sessionId: number) {
  return db.query.chatMessages.findFirst({
    where: and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.sessionId, sessionId), eq(chatMessages.speakerType, 'chatbot')),
    orderBy: asc(chatMessages.id),
  });
}

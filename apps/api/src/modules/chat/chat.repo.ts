import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatMessages } from '../../db/schema/index';

export async function insertMessage(
  db: Executor,
  tenantId: number,
  v: { sessionId: number; speakerType: 'member' | 'chatbot'; text: string; status: string; llmModelId: number | null },
) {
  const [row] = await db.insert(chatMessages).values({ tenantId, ...v }).returning();
  return row!;
}

/** Periodic flush while streaming, so a crash leaves the text streamed so far. */
export async function flushMessage(db: Executor, tenantId: number, id: number, text: string, reasoning: string | null) {
  await db
    .update(chatMessages)
    .set({ text, reasoning, updatedAt: sql`now()` })
    .where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id)));
}

export async function finishMessage(
  db: Executor,
  tenantId: number,
  id: number,
  v: { text: string; reasoning: string | null; status: string; inputTokens: number; outputTokens: number; creditUnits: bigint },
) {
  await db
    .update(chatMessages)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(chatMessages.tenantId, tenantId), eq(chatMessages.id, id)));
}

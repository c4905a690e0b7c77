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

/**
 * After a crash of the single embedded-database process no stream can still be running: the
 * answers it left `streaming` keep their flushed text and become `stopped`. Operator-level
 * start-up step, across tenants on purpose; never run it with several instances (DATABASE_URL).
 */
export async function stopInterruptedStreams(db: Executor): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ status: 'stopped', updatedAt: sql`now()` })
    .where(eq(chatMessages.status, 'streaming'))
    .returning({ id: chatMessages.id });
  return rows.length;
}

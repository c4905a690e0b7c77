import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

// What the sessions module (chat_sessions, chat_messages) lends other modules (decision 055), read-only.

/** Tool calls per tool in a month (the admin dashboard): answers' `tool_calls` of the tenant. */
export async function countToolCalls(db: Executor, tenantId: number, from: Date, to: Date): Promise<Array<{ month: string; tool: string; calls: number }>> {
  const result = await db.execute(sql`select to_char(m.created_at at time zone 'UTC', 'YYYY-MM') as month, c->>'name' as tool, count(*)::int as calls
    from chat_messages m, jsonb_array_elements(m.tool_calls) c
    where m.tenant_id = ${tenantId} and m.speaker_type = 'chatbot' and m.created_at >= ${from.toISOString()} and m.created_at < ${to.toISOString()}
      and jsonb_array_length(m.tool_calls) > 0
    group by 1, 2 order by 1, 2`);
  return (result as unknown as { rows: Array<{ month: string; tool: string; calls: number }> }).rows.map((r) => ({ month: r.month, tool: r.tool, calls: Number(r.calls) }));
}

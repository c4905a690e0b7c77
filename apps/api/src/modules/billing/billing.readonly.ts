import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

// What the billing module lends other modules (decision 055), read-only.

/** Whether the member's active plan gives free use of low-cost models; null without a membership. */
export async function findLowLlmFree(db: Executor, tenantId: number, memberId: number): Promise<boolean | null> {
  const [row] = await queryRows<{ free: boolean }>(
    db,
    sql`select p.is_low_llm_free as free from memberships m join member_billing_plans p on p.tenant_id = m.tenant_id and p.id = m.plan_id
      where m.tenant_id = ${tenantId} and m.member_id = ${memberId} and m.status = 'active'`,
  );
  return row ? row.free : null;
}

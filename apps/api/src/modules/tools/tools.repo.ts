import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { toolGroupAccess } from '../../db/schema/tools';

/** Every access row of a tenant (switched off, and switched back on). */
export function listToolAccess(db: Executor, tenantId: number) {
  return db
    .select({ tool: toolGroupAccess.tool, memberGroupId: toolGroupAccess.memberGroupId, isAvailable: toolGroupAccess.isAvailable })
    .from(toolGroupAccess)
    .where(eq(toolGroupAccess.tenantId, tenantId));
}

export async function upsertToolAccess(db: Executor, tenantId: number, tool: string, memberGroupId: number, isAvailable: boolean) {
  await db
    .insert(toolGroupAccess)
    .values({ tenantId, tool, memberGroupId, isAvailable })
    .onConflictDoUpdate({ target: [toolGroupAccess.tenantId, toolGroupAccess.tool, toolGroupAccess.memberGroupId], set: { isAvailable } });
}

/** Tool calls per tool in a month (the admin dashboard): the sessions module's query of its answers (decision 055). */
export { countToolCalls } from '../sessions/sessions.readonly';

import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members } from '../../db/schema/members';

export async function findSeenVersion(db: Executor, tenantId: number, memberId: number): Promise<string | null> {
  const [row] = await db
    .select({ v: members.releaseNotesSeenVersion })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  return row?.v ?? null;
}

export async function setSeenVersion(db: Executor, tenantId: number, memberId: number, version: string): Promise<void> {
  await db
    .update(members)
    .set({ releaseNotesSeenVersion: version })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
}

/** Every admin of the tenant has seen `version`'s notes (a fresh install has nothing new to tell). */
export async function setSeenVersionOfAdmins(db: Executor, tenantId: number, version: string): Promise<void> {
  await db
    .update(members)
    .set({ releaseNotesSeenVersion: version })
    .where(and(eq(members.tenantId, tenantId), eq(members.isAdmin, true)));
}

import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ssoPlatforms } from '../../db/schema/sso';
import type { PlatformEntry } from '../invitations/invitations.rules';

// What the sso module lends other modules (decision 055), read-only.

/**
 * The tenant's platforms as a bulk member file may name them (enabled or not: a disabled one is
 * "SSO platform missing"), in the order of their ids: the invitations module checks a file's SSO
 * columns and names the platform in its mail with them.
 */
export function findSsoPlatformEntries(db: Executor, tenantId: number): Promise<PlatformEntry[]> {
  return db
    .select({ id: ssoPlatforms.id, name: ssoPlatforms.name, kind: ssoPlatforms.kind, isEnabled: ssoPlatforms.isEnabled })
    .from(ssoPlatforms)
    .where(eq(ssoPlatforms.tenantId, tenantId))
    .orderBy(asc(ssoPlatforms.id));
}

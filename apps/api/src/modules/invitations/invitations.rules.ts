import { emailSchema } from '@app/contracts/auth';
import type { InviteRowError, inviteRowSchema } from '@app/contracts/invitations';
import type { z } from 'zod';

export interface GroupEntry {
  id: number;
  koName: string;
  enName: string;
  /** A default group (a member's first group, e.g. an affiliation) rather than an additional one. */
  isDefault: boolean;
}

/** A tenant's SSO platform as a bulk file may name it. */
export interface PlatformEntry {
  id: number;
  name: string;
  /** `oidc` | `directory`: a directory's ids are compared in lower case (as its sign-in stores them). */
  kind: string;
  isEnabled: boolean;
}

export type CheckedInviteRow =
  | { ok: true; email: string; name: string; defaultGroupId: number; extraGroupIds: number[]; sso: { platformId: number; ssoId: string } | null }
  | { ok: false; error: InviteRowError };

const key = (name: string) => name.normalize('NFKC').trim().toLowerCase();

/**
 * THE invitation row rule (spec §5 bulk member file, §8 upload row errors), before any database
 * check: email valid and under 255 characters, name 1 to 100, the default group a default group
 * (by id or by its Korean or English name, else the tenant's), additional groups existing and
 * none of them a default group.
 */
export function checkInviteRow(row: z.output<typeof inviteRowSchema>, groups: readonly GroupEntry[], tenantDefaultGroupId: number, platforms: readonly PlatformEntry[] = []): CheckedInviteRow {
  const rawEmail = row.email.trim();
  if (rawEmail.length > 254) return { ok: false, error: 'email_too_long' };
  const email = emailSchema.safeParse(rawEmail);
  if (!email.success) return { ok: false, error: 'email_invalid' };
  const name = row.name.trim();
  if (name.length < 1 || name.length > 100) return { ok: false, error: 'name_invalid' };

  const byId = new Map(groups.map((g) => [g.id, g]));
  const byName = new Map<string, GroupEntry>();
  for (const g of groups) {
    byName.set(key(g.koName), g);
    byName.set(key(g.enName), g);
  }
  let defaultGroup: GroupEntry | undefined;
  if (row.default_member_group_id != null) defaultGroup = byId.get(row.default_member_group_id);
  else if (row.group) defaultGroup = byName.get(key(row.group));
  else defaultGroup = byId.get(tenantDefaultGroupId);
  if (!defaultGroup || !defaultGroup.isDefault) return { ok: false, error: 'group_not_found' };

  const extras: GroupEntry[] = [];
  for (const id of row.member_group_ids) {
    const g = byId.get(id);
    if (!g) return { ok: false, error: 'group_not_found' };
    extras.push(g);
  }
  for (const n of row.additional_groups) {
    if (!n) continue;
    const g = byName.get(key(n));
    if (!g) return { ok: false, error: 'group_not_found' };
    extras.push(g);
  }
  const extraIds: number[] = [];
  for (const g of extras) {
    // The form may send the default group among the member's groups by id: it is not an additional one.
    if (g.id === defaultGroup.id && row.member_group_ids.includes(g.id)) continue;
    if (g.isDefault) return { ok: false, error: 'default_group_as_additional' };
    if (!extraIds.includes(g.id)) extraIds.push(g.id);
  }
  const sso = checkSso(row, platforms);
  if (sso && 'error' in sso) return { ok: false, error: sso.error };
  return { ok: true, email: email.data, name, defaultGroupId: defaultGroup.id, extraGroupIds: extraIds, sso };
}

/** Control characters (C0, DEL, C1) have no place in an id a platform hands out. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The longest SSO id a row may carry. */
export const SSO_ID_MAX = 255;

/**
 * The row's SSO columns (spec §5 "SSO id required and valid", §8 "SSO platform missing"): none,
 * or an enabled platform of the tenant (by id, or by name without case or width differences, or
 * a name that is its id) with an SSO id of 1 to 255 characters and no control characters. An SSO
 * id without a platform names no platform: "SSO platform missing".
 */
export function checkSso(row: Pick<z.output<typeof inviteRowSchema>, 'sso_platform' | 'sso_platform_id' | 'sso_id'>, platforms: readonly PlatformEntry[]): { platformId: number; ssoId: string } | { error: InviteRowError } | null {
  const named = row.sso_platform_id != null || (row.sso_platform ?? '') !== '';
  const ssoId = (row.sso_id ?? '').trim();
  if (!named) return ssoId === '' ? null : { error: 'sso_platform_missing' };
  const enabled = platforms.filter((p) => p.isEnabled);
  let platform: PlatformEntry | undefined;
  if (row.sso_platform_id != null) platform = enabled.find((p) => p.id === row.sso_platform_id);
  else {
    const k = key(row.sso_platform!);
    platform = enabled.find((p) => key(p.name) === k) ?? (/^\d+$/.test(k) ? enabled.find((p) => p.id === Number(k)) : undefined);
  }
  if (!platform) return { error: 'sso_platform_missing' };
  if (ssoId === '' || ssoId.length > SSO_ID_MAX || CONTROL.test(ssoId)) return { error: 'sso_id_invalid' };
  return { platformId: platform.id, ssoId: platform.kind === 'directory' ? ssoId.toLowerCase() : ssoId };
}

/** Runs `work` over `items` with at most `limit` at a time, results in the items' order. */
export async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

import type { Member } from '@app/contracts/members';
import { languageSchema, type Language } from '@app/contracts/common';
import { memberStatusSchema } from '@app/contracts/members';
import { unitsToDisplay } from '../credits/credits.rules';
import type { MemberRow } from '../../db/schema/members';

export function toMember(row: MemberRow, groupIds: number[]): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_admin: row.isAdmin,
    language: languageSchema.catch('ko' as Language).parse(row.language),
    member_status: memberStatusSchema.catch('active').parse(row.memberStatus),
    default_member_group_id: row.defaultMemberGroupId,
    member_group_ids: groupIds,
    custom_fields: (row.customFields ?? {}) as Record<string, unknown>,
    custom_credit_limit: row.customCreditLimitUnits === null ? null : unitsToDisplay(row.customCreditLimitUnits),
    sso_id: row.ssoId ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A member's groups as the API lists them: the default group plus the additional ones, ascending. */
export function allGroupIds(defaultId: number | null, additional: number[]): number[] {
  const ids = new Set(additional);
  if (defaultId !== null) ids.add(defaultId);
  return [...ids].sort((a, b) => a - b);
}

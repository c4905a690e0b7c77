import type { AdminMember, PatchAdminMemberBody } from '@app/contracts/admin-members';
import type { CustomField, MemberGroupSummary } from '@app/contracts/sign-up-settings';
import { customFieldInitialValues, customFieldPayload, type CustomFieldFormValues } from '../../../lib/custom-fields';

/** The contract's bounds of a credit limit (patchAdminMemberBody, bulkCreditQuotaBody). */
export const MAX_CREDITS = 1_000_000_000;

export const isCreditLimit = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_CREDITS;

export interface MemberEditValues {
  name: string;
  /** '' = none chosen (a member who has no default group yet). */
  defaultGroup: string;
  extraGroups: string[];
  custom_fields: CustomFieldFormValues;
  useGroupQuota: boolean;
  creditLimit: number | string;
}

export function initialEditValues(member: AdminMember, fields: CustomField[]): MemberEditValues {
  return {
    name: member.name,
    defaultGroup: member.default_member_group_id === null ? '' : String(member.default_member_group_id),
    extraGroups: member.member_group_ids.filter((id) => id !== member.default_member_group_id).map(String),
    custom_fields: customFieldInitialValues(fields, member.custom_fields),
    useGroupQuota: member.custom_credit_limit === null,
    creditLimit: member.custom_credit_limit ?? '',
  };
}

export const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The custom fields whose value differs from the stored one (a typed number equals its stored string). */
export function changedFields(fields: CustomField[], initial: MemberEditValues, v: MemberEditValues): CustomField[] {
  const text = (x: string | number | undefined) => String(x ?? '').trim();
  return fields.filter((f) => text(v.custom_fields[String(f.id)]) !== text(initial.custom_fields[String(f.id)]));
}

/**
 * Only what changed: a member who lacks a value of a field that became required after they
 * joined can still be renamed; a cleared field is sent empty (the server refuses it if required).
 * Groups go together (the server checks the default against the additional ones).
 */
export function memberPatch(member: AdminMember, fields: CustomField[], initial: MemberEditValues, v: MemberEditValues): PatchAdminMemberBody {
  const body: PatchAdminMemberBody = {};
  if (v.name.trim() !== member.name) body.name = v.name.trim();
  if (v.defaultGroup !== initial.defaultGroup || !sameSet(v.extraGroups, initial.extraGroups)) {
    body.default_member_group_id = Number(v.defaultGroup);
    body.member_group_ids = v.extraGroups.map(Number);
  }
  const changed = changedFields(fields, initial, v);
  if (changed.length > 0) body.custom_fields = customFieldPayload(changed, v.custom_fields, { keepBlank: true });
  const limit = v.useGroupQuota ? null : Number(v.creditLimit);
  if (limit !== member.custom_credit_limit) body.custom_credit_limit = limit;
  return body;
}

/**
 * The groups the dialog offers, always holding the member's own: the default groups (and the
 * member's default group, should it not be flagged a default one, as data seeded before the flag
 * was set has it), and as additional groups the others but that one. Otherwise a select shows
 * its first option for a value it lacks, and the dialog another default group than the real one.
 */
export function groupChoices(member: Pick<AdminMember, 'default_member_group_id'>, groups: MemberGroupSummary[]): { defaults: MemberGroupSummary[]; extras: MemberGroupSummary[] } {
  const own = groups.find((g) => g.id === member.default_member_group_id);
  return {
    defaults: groups.filter((g) => g.is_default || g === own),
    extras: groups.filter((g) => !g.is_default && g !== own),
  };
}

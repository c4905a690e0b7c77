import { createMemberGroupBody, type CreateMemberGroupBody, type MemberGroup, patchMemberGroupBody, type PatchMemberGroupBody } from '@app/contracts/member-groups';

/** The group modal's fields; numbers are '' while empty (Mantine's NumberInput). */
export interface GroupFormValues {
  ko_name: string;
  en_name: string;
  is_default: boolean;
  /** Whether the group has a monthly pool of its own (credit_quota not null). */
  has_pool: boolean;
  credit_quota: number | string;
  member_credit_quota: number | string;
}

export const NEW_GROUP: GroupFormValues = { ko_name: '', en_name: '', is_default: false, has_pool: false, credit_quota: '', member_credit_quota: 0 };

export function groupFormValues(g: MemberGroup): GroupFormValues {
  return {
    ko_name: g.ko_name,
    en_name: g.en_name,
    is_default: g.is_default,
    has_pool: g.credit_quota !== null,
    credit_quota: g.credit_quota ?? '',
    member_credit_quota: g.member_credit_quota,
  };
}

/** An empty number input is no number (not 0). */
const num = (v: number | string) => (v === '' ? Number.NaN : Number(v));

export function createBody(v: GroupFormValues): CreateMemberGroupBody {
  return {
    ko_name: v.ko_name.trim(),
    en_name: v.en_name.trim(),
    is_default: v.is_default,
    credit_quota: v.has_pool ? num(v.credit_quota) : null,
    member_credit_quota: num(v.member_credit_quota),
  };
}

/** Only what changed; never a default group's credits (spec §5: they cannot change). */
export function patchBody(v: GroupFormValues, g: MemberGroup): PatchMemberGroupBody {
  const body: PatchMemberGroupBody = {};
  if (v.ko_name.trim() !== g.ko_name) body.ko_name = v.ko_name.trim();
  if (v.en_name.trim() !== g.en_name) body.en_name = v.en_name.trim();
  if (!g.is_default) {
    const pool = v.has_pool ? num(v.credit_quota) : null;
    if (pool !== g.credit_quota) body.credit_quota = pool;
    const each = num(v.member_credit_quota);
    if (each !== g.member_credit_quota) body.member_credit_quota = each;
  }
  return body;
}

/** Which message (a key of the member-groups namespace) each field gets, from the contract's own rules. */
export type GroupFormErrors = Partial<Record<'ko_name' | 'en_name' | 'credit_quota' | 'member_credit_quota', string>>;

const FIELD_MESSAGE: Record<keyof GroupFormErrors, string> = {
  ko_name: 'form.errors.name',
  en_name: 'form.errors.name',
  credit_quota: 'form.errors.credits',
  member_credit_quota: 'form.errors.credits',
};

export function groupFormErrors(v: GroupFormValues, editing: MemberGroup | null): GroupFormErrors {
  const parsed = editing ? patchMemberGroupBody.safeParse(patchBody(v, editing)) : createMemberGroupBody.safeParse(createBody(v));
  if (parsed.success) return {};
  const errors: GroupFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof GroupFormErrors;
    if (field in FIELD_MESSAGE) errors[field] ??= FIELD_MESSAGE[field];
  }
  return errors;
}

/** The form field a refused save is about (spec §5: which name is taken). */
export function fieldOfGroupError(code: string): keyof GroupFormErrors | null {
  if (code === 'group_ko_name_taken') return 'ko_name';
  if (code === 'group_en_name_taken') return 'en_name';
  return null;
}

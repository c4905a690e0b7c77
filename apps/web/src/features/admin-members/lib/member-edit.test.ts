import type { AdminMember } from '@app/contracts/admin-members';
import type { CustomField } from '@app/contracts/sign-up-settings';
import { describe, expect, it } from 'vitest';
import { groupChoices, initialEditValues, isCreditLimit, memberPatch } from './member-edit';

const member: AdminMember = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  is_admin: false,
  language: 'en',
  member_status: 'active',
  default_member_group_id: 1,
  member_group_ids: [1, 5],
  custom_fields: { '10': '1001' },
  custom_credit_limit: null,
  created_at: '2026-01-01T00:00:00Z',
  pending_request: null,
  requested_groups: null,
  requested_at: null,
  rejection_reason: null,
};
const field = (id: number, over: Partial<CustomField> = {}): CustomField => ({
  id,
  ko_name: `항목 ${id}`,
  en_name: `Field ${id}`,
  field_type: 'text',
  is_signup_field: true,
  is_searchable: false,
  is_required: false,
  is_editable: true,
  is_unique: false,
  sort_order: id,
  ...over,
});
const fields = [field(10, { field_type: 'number', is_required: true, is_unique: true }), field(11, { is_required: true }), field(12)];

describe('the member edit payload', () => {
  const initial = initialEditValues(member, fields);

  it('starts from the member: default group apart from the additional ones, the group quota when no limit', () => {
    expect(initial).toMatchObject({ name: 'Ada Lovelace', defaultGroup: '1', extraGroups: ['5'], useGroupQuota: true, creditLimit: '' });
    expect(initial.custom_fields).toEqual({ '10': '1001', '11': '', '12': '' });
  });

  it('sends nothing when nothing changed, even a number typed back to its stored value', () => {
    expect(memberPatch(member, fields, initial, initial)).toEqual({});
    expect(memberPatch(member, fields, initial, { ...initial, custom_fields: { ...initial.custom_fields, '10': 1001 } })).toEqual({});
  });

  it('sends only what changed: the name trimmed, a credit limit, a field (not the required one left empty)', () => {
    const body = memberPatch(member, fields, initial, { ...initial, name: ' Ada King ', useGroupQuota: false, creditLimit: 5000, custom_fields: { ...initial.custom_fields, '12': ' x ' } });
    expect(body).toEqual({ name: 'Ada King', custom_credit_limit: 5000, custom_fields: { '12': 'x' } });
  });

  it('sends both group settings together when either changes, and null to go back to the group quota', () => {
    const limited = { ...member, custom_credit_limit: 300 };
    const start = initialEditValues(limited, fields);
    expect(start).toMatchObject({ useGroupQuota: false, creditLimit: 300 });
    expect(memberPatch(limited, fields, start, { ...start, extraGroups: [], useGroupQuota: true })).toEqual({ default_member_group_id: 1, member_group_ids: [], custom_credit_limit: null });
  });

  it('clears a changed optional field with an empty value', () => {
    const filled = { ...member, custom_fields: { ...member.custom_fields, '12': 'old' } };
    const start = initialEditValues(filled, fields);
    expect(memberPatch(filled, fields, start, { ...start, custom_fields: { ...start.custom_fields, '12': '' } })).toEqual({ custom_fields: { '12': '' } });
  });

  it('takes whole credits from 0 to 1,000,000,000', () => {
    expect([0, 5000, 1_000_000_000].every(isCreditLimit)).toBe(true);
    expect([-1, 1.5, 1_000_000_001, '', '5'].some(isCreditLimit)).toBe(false);
  });
});

describe('the groups the edit dialog offers', () => {
  const group = (id: number, is_default: boolean) => ({ id, ko_name: `그룹 ${id}`, en_name: `Group ${id}`, is_default });
  const groups = [group(1, true), group(2, true), group(5, false), group(6, false)];
  it('default groups to choose from, the others as additional groups', () => {
    const { defaults, extras } = groupChoices(member, groups);
    expect(defaults.map((g) => g.id)).toEqual([1, 2]);
    expect(extras.map((g) => g.id)).toEqual([5, 6]);
    expect(initialEditValues(member, fields)).toMatchObject({ defaultGroup: '1', extraGroups: ['5'] });
  });
  it("the member's default group is offered (and selected) even when it is not flagged a default group", () => {
    const { defaults, extras } = groupChoices({ default_member_group_id: 6 }, groups);
    expect(defaults.map((g) => g.id)).toEqual([1, 2, 6]);
    expect(extras.map((g) => g.id)).toEqual([5]);
  });
});

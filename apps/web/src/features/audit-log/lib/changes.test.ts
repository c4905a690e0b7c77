import { describe, expect, it } from 'vitest';
import { dayOrUndefined, displayValue, fieldChanges, fieldLabel, targetLabel, type ValueContext } from './changes';

describe('fieldChanges', () => {
  it('lists an update’s changed fields with before and after, leaving unchanged ones out', () => {
    expect(
      fieldChanges({ operation: 'update', before: { name: 'Other', custom_credit_limit: null, same: 1 }, after: { name: 'Renamed', custom_credit_limit: 250, same: 1 } }),
    ).toEqual([
      { field: 'name', before: 'Other', after: 'Renamed' },
      { field: 'custom_credit_limit', before: null, after: 250 },
    ]);
  });

  it('lists an insert’s new values and a delete’s old values, without the id and creation time', () => {
    expect(fieldChanges({ operation: 'insert', before: null, after: { id: 4, title: 'Hi', created_at: 'x', is_active: false } })).toEqual([
      { field: 'title', after: 'Hi' },
      { field: 'is_active', after: false },
    ]);
    expect(fieldChanges({ operation: 'delete', before: { id: 4, en_name: 'Team' }, after: null })).toEqual([{ field: 'en_name', before: 'Team' }]);
  });

  it('compares JSON values by content', () => {
    expect(fieldChanges({ operation: 'update', before: { words: ['a'] }, after: { words: ['a'] } })).toEqual([]);
  });
});

describe('displayValue and targetLabel', () => {
  const catalogue: Record<string, string> = {
    emptyValue: '(empty)',
    'values.yes': 'Yes',
    'values.no': 'No',
    'values.member_status.active': 'Active',
    'fields.default_member_group_id': 'Default group',
    'fields.member_group_ids': 'Groups',
    deletedTarget: 'Deleted since',
  };
  const t = ((key: string, o?: Record<string, unknown>) => {
    if (key === 'deletedRef') return `deleted (ID ${String(o?.id)})`;
    if (key === 'values.credits') return `${String(o?.amount)} credits`;
    return catalogue[key] ?? (o?.defaultValue as string | undefined) ?? key;
  }) as unknown as ValueContext['t'];
  const names = { 'members:1': { ko: '관리자', en: 'Admin' }, 'member_groups:4': { ko: '연구팀', en: 'Research' }, 'custom_fields:3': { ko: '사번', en: 'Employee no.' } };
  const en: ValueContext = { t, language: 'en', names };
  const ko: ValueContext = { t, language: 'ko', names };

  it('reads ids as names, in the reader’s language; a deleted one says so', () => {
    expect(displayValue('processed_by', 1, en)).toBe('Admin');
    expect(displayValue('member_group_id', 4, ko)).toBe('연구팀');
    expect(displayValue('member_group_ids', [4, 9], en)).toBe('Research, deleted (ID 9)');
  });

  it('reads yes/no, statuses, times and credits; custom fields and a request’s payload by their names', () => {
    expect(displayValue('is_default', false, en)).toBe('No');
    expect(displayValue('member_status', 'active', en)).toBe('Active');
    expect(displayValue('member_status', 'unheard_of', en)).toBe('unheard_of');
    expect(displayValue('processed_at', '2026-11-28T01:20:19.853+00:00', en)).toBe(new Date('2026-11-28T01:20:19.853Z').toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(displayValue('credit_quota_units', 123_400_000_000, en)).toBe('1,234 credits');
    expect(displayValue('custom_fields', { '3': 'A-17' }, en)).toBe('Employee no.: A-17');
    expect(displayValue('payload', { default_member_group_id: 4, member_group_ids: [] }, en)).toBe('Default group: Research; Groups: (empty)');
    expect(displayValue('name', null, en)).toBe('(empty)');
  });

  it('cuts long values and puts lines on one (not with 0)', () => {
    const v = displayValue('content', 'x'.repeat(100), en, 20);
    expect(v).toHaveLength(20);
    expect(v.endsWith('…')).toBe(true);
    expect(displayValue('content', 'a\n  b', en)).toBe('a b');
    expect(displayValue('content', 'x'.repeat(100), en, 0)).toHaveLength(100);
  });

  it('names the changed row: by the names sent, else by its own recorded values; settings have none', () => {
    expect(targetLabel({ target_type: 'member_group_memberships', target_id: '1:4', before: null, after: { member_id: 1, member_group_id: 4 } }, en)).toBe('Admin · Research');
    expect(targetLabel({ target_type: 'member_groups', target_id: '7', before: { ko_name: '사라진 팀', en_name: 'Gone team' }, after: null }, ko)).toBe('사라진 팀');
    expect(targetLabel({ target_type: 'announcements', target_id: '5', before: { is_active: true }, after: { is_active: false } }, en)).toBe('Deleted since');
    expect(targetLabel({ target_type: 'governance_settings', target_id: '1', before: {}, after: {} }, en)).toBeNull();
  });
});

it('dayOrUndefined keeps only a full date', () => {
  expect(dayOrUndefined('2026-11-25')).toBe('2026-11-25');
  expect(dayOrUndefined('')).toBeUndefined();
});

describe('fieldLabel', () => {
  const t = (key: string, o: { defaultValue: string }) => ({ 'fields.member_status': 'Status' })[key] ?? o.defaultValue;
  it('uses the catalogue label, else writes the column out', () => {
    expect(fieldLabel(t, 'member_status')).toBe('Status');
    expect(fieldLabel(t, 'last_sent_at')).toBe('Last sent at');
    expect(fieldLabel(t, 'group_credit_units')).toBe('Group credit');
  });
});

import { describe, expect, it } from 'vitest';
import { compactValue, dayOrUndefined, fieldChanges, fieldLabel } from './changes';

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

describe('compactValue', () => {
  it('shows strings as they are and other values as compact JSON', () => {
    expect(compactValue('Audit team')).toBe('Audit team');
    expect(compactValue(true)).toBe('true');
    expect(compactValue(null)).toBe('null');
    expect(compactValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
  });

  it('cuts long values and puts lines on one', () => {
    const v = compactValue('x'.repeat(100), 20);
    expect(v).toHaveLength(20);
    expect(v.endsWith('…')).toBe(true);
    expect(compactValue('a\n  b')).toBe('a b');
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

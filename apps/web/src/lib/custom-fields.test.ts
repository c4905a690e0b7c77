import type { CustomField } from '@app/contracts/sign-up-settings';
import { describe, expect, it } from 'vitest';
import { customFieldErrors, customFieldInitialValues, customFieldPayload, customFieldProblem } from './custom-fields';

const field = (over: Partial<CustomField>): CustomField => ({
  id: 1,
  ko_name: '사번',
  en_name: 'Employee number',
  field_type: 'text',
  is_signup_field: true,
  is_searchable: false,
  is_required: false,
  is_editable: true,
  is_unique: false,
  sort_order: 0,
  ...over,
});

describe('custom field rules', () => {
  it('requires required fields, blank or spaces alike', () => {
    expect(customFieldProblem(field({ is_required: true }), '')).toBe('required');
    expect(customFieldProblem(field({ is_required: true }), '   ')).toBe('required');
    expect(customFieldProblem(field({ is_required: true }), undefined)).toBe('required');
    expect(customFieldProblem(field({ is_required: false }), '')).toBeNull();
    expect(customFieldProblem(field({ is_required: true }), 'x')).toBeNull();
  });
  it('wants a number in number fields', () => {
    const n = field({ field_type: 'number' });
    expect(customFieldProblem(n, '12')).toBeNull();
    expect(customFieldProblem(n, '-3.5')).toBeNull();
    expect(customFieldProblem(n, 7)).toBeNull();
    expect(customFieldProblem(n, '12a')).toBe('number');
    expect(customFieldProblem(n, '1e5')).toBe('number');
    expect(customFieldProblem(n, Number.NaN)).toBe('number');
  });
  it('keys errors by input name', () => {
    const fields = [field({ id: 3, is_required: true }), field({ id: 4, field_type: 'number' })];
    expect(customFieldErrors(fields, { '3': '', '4': 'x' }, (p) => p)).toEqual({ 'custom_fields.3': 'required', 'custom_fields.4': 'number' });
  });
  it('sends trimmed text and numbers, leaving blanks out unless asked', () => {
    const fields = [field({ id: 3 }), field({ id: 4, field_type: 'number' }), field({ id: 5 })];
    expect(customFieldPayload(fields, { '3': ' a ', '4': '12', '5': '' })).toEqual({ '3': 'a', '4': 12 });
    expect(customFieldPayload(fields, { '3': 'a', '4': '', '5': '' }, { keepBlank: true })).toEqual({ '3': 'a', '4': '', '5': '' });
  });
  it('starts from the stored values', () => {
    expect(customFieldInitialValues([field({ id: 3 }), field({ id: 4 })], { '3': 'x' })).toEqual({ '3': 'x', '4': '' });
  });
});

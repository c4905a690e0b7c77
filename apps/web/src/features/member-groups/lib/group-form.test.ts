import type { MemberGroup } from '@app/contracts/member-groups';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { groupErrorOverrides } from './group-errors';
import { createBody, fieldOfGroupError, groupFormErrors, groupFormValues, NEW_GROUP, patchBody } from './group-form';

const group = (over: Partial<MemberGroup> = {}): MemberGroup => ({
  id: 7,
  ko_name: '연구팀',
  en_name: 'Research',
  is_default: false,
  credit_quota: null,
  member_credit_quota: 100,
  member_count: 3,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('group form', () => {
  it('asks for both names and whole credits from 0 (the contract rules)', () => {
    expect(groupFormErrors(NEW_GROUP, null)).toEqual({ ko_name: 'form.errors.name', en_name: 'form.errors.name' });
    const named = { ...NEW_GROUP, ko_name: ' 연구 ', en_name: 'Research' };
    expect(groupFormErrors(named, null)).toEqual({});
    expect(groupFormErrors({ ...named, member_credit_quota: '' }, null)).toEqual({ member_credit_quota: 'form.errors.credits' });
    expect(groupFormErrors({ ...named, member_credit_quota: -1 }, null)).toEqual({ member_credit_quota: 'form.errors.credits' });
    expect(groupFormErrors({ ...named, has_pool: true, credit_quota: '' }, null)).toEqual({ credit_quota: 'form.errors.credits' });
    expect(groupFormErrors({ ...named, has_pool: true, credit_quota: 1.5 }, null)).toEqual({ credit_quota: 'form.errors.credits' });
    expect(groupFormErrors({ ...named, ko_name: 'x'.repeat(101) }, null)).toEqual({ ko_name: 'form.errors.name' });
  });

  it('sends trimmed names, and no pool as null', () => {
    expect(createBody({ ...NEW_GROUP, ko_name: ' 연구 ', en_name: ' R ', member_credit_quota: 50, credit_quota: 900 })).toEqual({
      ko_name: '연구',
      en_name: 'R',
      is_default: false,
      credit_quota: null,
      member_credit_quota: 50,
    });
    expect(createBody({ ...NEW_GROUP, ko_name: 'a', en_name: 'b', has_pool: true, credit_quota: 900 }).credit_quota).toBe(900);
  });

  it('patches only what changed, and never a default group’s credits', () => {
    const g = group();
    expect(patchBody(groupFormValues(g), g)).toEqual({});
    expect(patchBody({ ...groupFormValues(g), en_name: 'Lab', has_pool: true, credit_quota: 5000 }, g)).toEqual({ en_name: 'Lab', credit_quota: 5000 });
    const pooled = group({ credit_quota: 5000 });
    expect(patchBody({ ...groupFormValues(pooled), has_pool: false }, pooled)).toEqual({ credit_quota: null });
    const def = group({ is_default: true });
    expect(patchBody({ ...groupFormValues(def), ko_name: '기본', member_credit_quota: 1, has_pool: true, credit_quota: 9 }, def)).toEqual({ ko_name: '기본' });
  });

  it('puts a taken name on its field', () => {
    expect(fieldOfGroupError('group_ko_name_taken')).toBe('ko_name');
    expect(fieldOfGroupError('group_en_name_taken')).toBe('en_name');
    expect(fieldOfGroupError('not_found')).toBeNull();
  });
});

describe('group errors', () => {
  it('names which name is taken, and asks to sign in again on a refused creation', () => {
    expect(groupErrorOverrides(new ApiError(409, 'group_ko_name_taken', ''))).toEqual({ 409: 'member-groups:form.errors.ko_nameTaken' });
    expect(groupErrorOverrides(new ApiError(400, 'default_group_locked', ''))).toEqual({ 400: 'member-groups:errors.defaultLocked' });
    expect(groupErrorOverrides(new ApiError(403, 'admin_required', ''), { creating: true })).toEqual({ 403: 'member-groups:toast.create403' });
    expect(groupErrorOverrides(new ApiError(403, 'admin_required', ''))).toEqual({});
    expect(groupErrorOverrides(new Error('offline'))).toEqual({});
  });
});

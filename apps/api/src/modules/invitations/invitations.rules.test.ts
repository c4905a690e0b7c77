import { inviteRowSchema } from '@app/contracts/invitations';
import { describe, expect, it } from 'vitest';
import { checkInviteRow, checkSso, type GroupEntry, inPool } from './invitations.rules';

const groups: GroupEntry[] = [
  { id: 1, koName: '기본', enName: 'Everyone', isDefault: true },
  { id: 2, koName: '본사', enName: 'Head office', isDefault: true },
  { id: 3, koName: '연구팀', enName: 'Research', isDefault: false },
];
const check = (row: object) => checkInviteRow(inviteRowSchema.parse({ name: 'Kim', email: 'kim@example.test', ...row }), groups, 1);

describe('checkInviteRow', () => {
  it('takes the tenant default group when none is named, groups by either name, any width or case', () => {
    expect(check({})).toEqual({ ok: true, email: 'kim@example.test', name: 'Kim', defaultGroupId: 1, extraGroupIds: [], sso: null });
    expect(check({ group: ' head OFFICE ', additional_groups: ['연구팀', 'ＲＥＳＥＡＲＣＨ'] })).toMatchObject({ ok: true, defaultGroupId: 2, extraGroupIds: [3] });
    expect(check({ default_member_group_id: 2, member_group_ids: [2, 3] })).toMatchObject({ ok: true, defaultGroupId: 2, extraGroupIds: [3] });
  });
  it('names the §8 error of a bad row', () => {
    const domain = (n: number) => `kim@${`${'a'.repeat(60)}.`.repeat(3)}${'b'.repeat(n)}.test`; // 4 + 183 + n + 5 characters
    expect(check({ email: domain(62) })).toMatchObject({ ok: true }); // 254
    expect(check({ email: domain(63) })).toEqual({ ok: false, error: 'email_too_long' }); // 255
    expect(check({ email: 'kim@' })).toEqual({ ok: false, error: 'email_invalid' });
    expect(check({ name: '' })).toEqual({ ok: false, error: 'name_invalid' });
    expect(check({ name: 'x'.repeat(100) })).toMatchObject({ ok: true });
    expect(check({ group: 'Research' })).toEqual({ ok: false, error: 'group_not_found' });
    expect(check({ default_member_group_id: 99 })).toEqual({ ok: false, error: 'group_not_found' });
    expect(check({ additional_groups: ['Nowhere'] })).toEqual({ ok: false, error: 'group_not_found' });
    expect(check({ additional_groups: ['Head office'] })).toEqual({ ok: false, error: 'default_group_as_additional' });
    expect(check({ group: 'Everyone', additional_groups: ['Everyone'] })).toEqual({ ok: false, error: 'default_group_as_additional' });
  });
});

describe('inPool', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await inPool([5, 1, 4, 2, 3], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});

describe('checkSso', () => {
  const platforms = [
    { id: 7, name: 'Corp IdP', kind: 'oidc', isEnabled: true },
    { id: 8, name: 'LDAP', kind: 'directory', isEnabled: true },
    { id: 9, name: 'Old', kind: 'oidc', isEnabled: false },
  ];
  const sso = (row: object) => checkSso({ sso_platform: null, sso_platform_id: null, sso_id: null, ...row }, platforms);
  it('no SSO columns: a password invitation', () => {
    expect(sso({})).toBeNull();
    expect(sso({ sso_id: '  ' })).toBeNull();
  });
  it('a platform by name (any case or width), by id, or a name that is its id; directory ids in lower case', () => {
    expect(sso({ sso_platform: ' corp ＩＤＰ ', sso_id: ' E-1 ' })).toEqual({ platformId: 7, ssoId: 'E-1' });
    expect(sso({ sso_platform: '7', sso_id: 'E-1' })).toEqual({ platformId: 7, ssoId: 'E-1' });
    expect(sso({ sso_platform_id: 8, sso_id: 'Kim.J' })).toEqual({ platformId: 8, ssoId: 'kim.j' });
  });
  it('the §8 errors: platform missing (unknown, disabled, none named), SSO id required and valid', () => {
    expect(sso({ sso_platform: 'Nowhere', sso_id: 'a' })).toEqual({ error: 'sso_platform_missing' });
    expect(sso({ sso_platform: 'Old', sso_id: 'a' })).toEqual({ error: 'sso_platform_missing' });
    expect(sso({ sso_platform_id: 99, sso_id: 'a' })).toEqual({ error: 'sso_platform_missing' });
    expect(sso({ sso_id: 'a' })).toEqual({ error: 'sso_platform_missing' });
    expect(sso({ sso_platform: 'Corp IdP', sso_id: '' })).toEqual({ error: 'sso_id_invalid' });
    expect(sso({ sso_platform: 'Corp IdP' })).toEqual({ error: 'sso_id_invalid' });
    expect(sso({ sso_platform: 'Corp IdP', sso_id: 'x'.repeat(255) })).toMatchObject({ platformId: 7 });
    expect(sso({ sso_platform: 'Corp IdP', sso_id: 'x'.repeat(256) })).toEqual({ error: 'sso_id_invalid' });
    expect(sso({ sso_platform: 'Corp IdP', sso_id: 'a\tb' })).toEqual({ error: 'sso_id_invalid' });
    expect(sso({ sso_platform: 'Corp IdP', sso_id: 'a\u0085b' })).toEqual({ error: 'sso_id_invalid' });
  });
  it('checkInviteRow carries the result', () => {
    expect(checkInviteRow(inviteRowSchema.parse({ name: 'Kim', email: 'kim@example.test', sso_platform: 'LDAP', sso_id: 'KIM' }), groups, 1, platforms)).toMatchObject({ ok: true, sso: { platformId: 8, ssoId: 'kim' } });
    expect(checkInviteRow(inviteRowSchema.parse({ name: 'Kim', email: 'kim@example.test', sso_platform: 'LDAP' }), groups, 1, platforms)).toEqual({ ok: false, error: 'sso_id_invalid' });
  });
});

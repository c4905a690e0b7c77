import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fieldOfError, isCode, isEmail, isSignUpName, isStrongPassword, requestLanguage } from './form-rules';

describe('sign-up form rules', () => {
  it('takes the API rules: 6-digit codes, names of 2 to 100, strong passwords', () => {
    expect(isCode(' 012345 ')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('12345a')).toBe(false);
    expect(isSignUpName(' A ')).toBe(false);
    expect(isSignUpName('Al')).toBe(true);
    expect(isSignUpName('x'.repeat(101))).toBe(false);
    expect(isStrongPassword('Passw0rd!')).toBe(true);
    expect(isStrongPassword('Password!')).toBe(false);
    expect(isStrongPassword('P0!a')).toBe(false);
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });
  it('asks the API in the interface language, ko when it has none of its own', () => {
    expect(requestLanguage('en')).toBe('en');
    expect(requestLanguage('fr')).toBe('ko');
  });
  it('marks the input an API error is about', () => {
    expect(fieldOfError(new ApiError(401, 'code_expired', ''))).toBe('code');
    expect(fieldOfError(new ApiError(409, 'already_registered', ''))).toBe('email');
    expect(fieldOfError(new ApiError(401, 'temporary_password_incorrect', ''))).toBe('temporary_password');
    expect(fieldOfError(new ApiError(409, 'custom_field_duplicated', '', { field: '7' }))).toBe('custom_fields.7');
    expect(fieldOfError(new ApiError(422, 'custom_field_required', ''))).toBeNull();
    expect(fieldOfError(new ApiError(500, 'internal_error', ''))).toBeNull();
    expect(fieldOfError(new Error('network'))).toBeNull();
  });
});

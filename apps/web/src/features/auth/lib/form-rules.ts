import { isStrongPassword } from '@app/contracts/auth';
import type { Language } from '@app/contracts/common';
import { ApiError } from '../../../lib/api-client';
import { isLanguage } from '../../../lib/i18n';

/** The same rules the API applies (contracts/auth.ts), checked before sending (spec §5). */
export { isStrongPassword };
export const isEmail = (v: string) => /^\S+@\S+\.\S+$/.test(v.trim()) && v.trim().length < 255;
/** Sign-up names: 2 to 100 characters (spec §9). */
export const isSignUpName = (v: string) => v.trim().length >= 2 && v.trim().length <= 100;
export const isCode = (v: string) => /^\d{6}$/.test(v.trim());

/** The interface language, as the API takes it (mail comes in it). */
export const requestLanguage = (lng: string): Language => (isLanguage(lng) ? lng : 'ko');

/**
 * The form input an API error is about, so the form can mark it as well as say it: the code's
 * field, or for custom fields the one named in the error's details.
 */
export function fieldOfError(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  switch (err.code) {
    case 'code_incorrect':
    case 'code_expired':
      return 'code';
    case 'email_invalid':
    case 'already_registered':
      return 'email';
    case 'name_invalid':
      return 'name';
    case 'password_too_weak':
      return 'password';
    case 'temporary_password_incorrect':
    case 'temporary_password_required':
      return 'temporary_password';
    case 'group_invalid':
      return 'default_member_group_id';
    case 'policy_not_agreed':
      return 'agreements';
    case 'custom_field_required':
    case 'custom_field_invalid':
    case 'custom_field_duplicated': {
      const field = (err.details as { field?: unknown } | undefined)?.field;
      return typeof field === 'string' || typeof field === 'number' ? `custom_fields.${field}` : null;
    }
    default:
      return null;
  }
}

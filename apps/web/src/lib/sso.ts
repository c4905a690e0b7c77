import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { errorMessage } from './status-messages';

/**
 * Single sign-on across the sign-in page (which starts it) and the /auth callback (which ends it):
 * the platform the browser went to, kept for the tab until the provider sends it back.
 */
const PENDING_KEY = 'sso_pending';
export interface PendingSso {
  platform_id: number;
  platform_name: string;
  redirect_url: string;
}
export const pendingSso = {
  set: (p: PendingSso) => window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(p)),
  get(): PendingSso | null {
    try {
      const v = JSON.parse(window.sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSso | null;
      return v && typeof v.platform_id === 'number' && typeof v.redirect_url === 'string' ? v : null;
    } catch {
      return null;
    }
  },
  clear: () => window.sessionStorage.removeItem(PENDING_KEY),
};

/** The provider sends the browser back to /auth itself (a redirect URL without a query of its own). */
export const ssoRedirectUrl = () => `${window.location.origin}/auth`;

/** Spec §8 SSO texts (sign-in 424 missing essential information, sign-up SSO type), by error code. */
const SSO_CODES = new Set([
  'sso_claims_missing',
  'sso_failed',
  'sso_state_invalid',
  'sso_token_invalid',
  'sso_credentials_invalid',
  'sso_not_whitelisted',
  'sso_type_invalid',
  'code_incorrect',
  'code_expired',
  'sms_failed',
  'mail_failed',
  'not_approved',
  'not_eligible',
  'already_registered',
]);

export function ssoErrorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError && SSO_CODES.has(err.code)) return t(`auth:sso.errors.${err.code}`);
  return errorMessage(t, err, { 424: 'auth:sso.errors.sso_claims_missing' });
}

import { API_KEY_LIMITS } from '@app/contracts/apikeys';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/status-messages';

/**
 * A refused key operation in this page's words: the most keys a member may have, a key gone
 * meanwhile (revoked in another tab: 404), a form the server refused (an expiry passed meanwhile); else the catalogue's texts.
 */
export function keyErrorMessage(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'too_many_api_keys') return t('developers:errors.tooManyKeys', { max: API_KEY_LIMITS.keysPerMember });
    if (err.status === 404) return t('developers:errors.notFound');
    if (err.status === 422 && err.code === 'validation_error') return t('developers:errors.invalid');
  }
  return errorMessage(t, err);
}

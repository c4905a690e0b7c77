import type { SsoIdentityResponse, SsoSignInBody } from '@app/contracts/sso';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/sso-sign-in/`: the provider's callback (code and state, once); signs in or answers the sign-up token. */
export function ssoSignIn(body: SsoSignInBody) {
  return apiRequest<SsoIdentityResponse>('/auth/sso-sign-in/', { method: 'POST', body });
}

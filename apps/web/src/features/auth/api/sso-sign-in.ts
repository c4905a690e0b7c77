import type { SsoSignInBody } from '@app/contracts/sso';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

/** `POST /auth/sso-sign-in/`: the provider's callback (code and state, once); signs in or answers the sign-up token. */
export function ssoSignIn(body: SsoSignInBody) {
  return api(routes.sso.signIn, { body });
}

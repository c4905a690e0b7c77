import type { SsoSignUpBody } from '@app/contracts/sso';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/sso-sign-up/`: the sign-up form's fields for the identity the platform proved (no password). */
export function ssoSignUp(body: SsoSignUpBody) {
  return api(routes.sso.signUp, { body });
}

export const useSsoSignUp = () => useMutation({ mutationFn: ssoSignUp });

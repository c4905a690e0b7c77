import type { SsoSignUpBody, SsoSignUpResponse } from '@app/contracts/sso';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /auth/sso-sign-up/`: the sign-up form's fields for the identity the platform proved (no password). */
export function ssoSignUp(body: SsoSignUpBody) {
  return apiRequest<SsoSignUpResponse>('/auth/sso-sign-up/', { method: 'POST', body });
}

export const useSsoSignUp = () => useMutation({ mutationFn: ssoSignUp });

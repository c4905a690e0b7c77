import type { SignUpBody, SignUpResponse } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Creates the account: `active` may sign in now, `pending` waits for an administrator. */
export function signUp(body: SignUpBody) {
  return apiRequest<SignUpResponse>('/auth/sign-up/', { method: 'POST', body });
}

export const useSignUp = () => useMutation({ mutationFn: signUp });

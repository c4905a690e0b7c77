import type { AuthResponse } from '@app/contracts/auth';
import type { SignInBody } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adoptSession } from '../adopt-session';

export function signIn(body: SignInBody) {
  return apiRequest<AuthResponse>('/auth/sign-in/', { method: 'POST', body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: adoptSession });
}

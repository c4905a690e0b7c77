import { authResponse, type SignInBody } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adoptSession } from '../adopt-session';

export function signIn(body: SignInBody) {
  return apiRequest('/auth/sign-in/', { method: 'POST', body, schema: authResponse });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: adoptSession });
}

import type { SignInBody } from '@app/contracts/auth';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adoptSession } from '../adopt-session';

export function signIn(body: SignInBody) {
  return api(routes.auth.signIn, { body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn, onSuccess: adoptSession });
}

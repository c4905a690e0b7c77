import type { SignUpBody } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

/** Creates the account: `active` may sign in now, `pending` waits for an administrator. */
export function signUp(body: SignUpBody) {
  return api(routes.signUpSettings.signUp, { body });
}

export const useSignUp = () => useMutation({ mutationFn: signUp });

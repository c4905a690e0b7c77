import type { SendCodeBody } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';

/** Mails a 6-digit sign-up code; the answer says when another may be sent. */
export function sendCode(body: SendCodeBody) {
  return api(routes.signUpSettings.sendCode, { body });
}

export const useSendCode = () => useMutation({ mutationFn: sendCode });

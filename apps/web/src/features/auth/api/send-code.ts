import type { SendCodeBody, SendCodeResponse } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Mails a 6-digit sign-up code; the answer says when another may be sent. */
export function sendCode(body: SendCodeBody) {
  return apiRequest<SendCodeResponse>('/auth/code/', { method: 'POST', body });
}

export const useSendCode = () => useMutation({ mutationFn: sendCode });

import type { ResetPasswordBody } from '@app/contracts/auth';
import type { Ok } from '@app/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Mails a temporary password; the answer is the same whether or not the email is registered. */
export function resetPassword(body: ResetPasswordBody) {
  return apiRequest<Ok>('/auth/reset-password/', { method: 'POST', body });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

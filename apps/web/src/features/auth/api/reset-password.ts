import type { ResetPasswordBody } from '@app/contracts/auth';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Mails a temporary password; the answer is the same whether or not the email is registered. */
export function resetPassword(body: ResetPasswordBody) {
  return api(routes.auth.resetPassword, { body });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

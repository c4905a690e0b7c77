import type { ChangePasswordBody } from '@app/contracts/auth';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adoptSession } from '../adopt-session';

/** Ends every other session; this page keeps going with the new tokens in the answer. */
export function changePassword(body: ChangePasswordBody) {
  return api(routes.auth.changePassword, { body });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword, onSuccess: adoptSession });

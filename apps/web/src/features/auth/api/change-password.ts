import type { AuthResponse, ChangePasswordBody } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adoptSession } from '../adopt-session';

/** Ends every other session; this page keeps going with the new tokens in the answer. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest<AuthResponse>('/auth/change-password/', { method: 'POST', body });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword, onSuccess: adoptSession });

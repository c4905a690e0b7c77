import type { Ok } from '@app/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

export function signOut() {
  return apiRequest<Ok>('/auth/sign-out/', { method: 'POST', body: {} });
}

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      authStore.clear();
      qc.clear();
    },
  });
}

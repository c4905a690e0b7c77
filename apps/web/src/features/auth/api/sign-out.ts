import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

export function signOut() {
  return api(routes.auth.signOut, { body: {} });
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

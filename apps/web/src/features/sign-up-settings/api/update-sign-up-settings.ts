import type { SignUpSettings } from '@app/contracts/sign-up-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateSignUpSettings(body: { auto_approve: boolean }) {
  return apiRequest<SignUpSettings>('/admin/sign-up-settings/', { method: 'PATCH', body });
}

export function useUpdateSignUpSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateSignUpSettings, onSuccess: (s) => qc.setQueryData(queryKeys.signUpSettings, s) });
}

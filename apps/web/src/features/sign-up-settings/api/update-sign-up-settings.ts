import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function updateSignUpSettings(body: { auto_approve: boolean }) {
  return api(routes.signUpSettings.update, { body });
}

export function useUpdateSignUpSettings() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateSignUpSettings, onSuccess: (s) => qc.setQueryData(queryKeys.signUpSettings, s) });
}

import type { CreatePolicyBody } from '@app/contracts/sign-up-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createPolicy(body: CreatePolicyBody) {
  return api(routes.signUpSettings.createPolicy, { body });
}

export function updatePolicy(id: number, body: CreatePolicyBody) {
  return api(routes.signUpSettings.updatePolicy, { params: { id }, body });
}

/** Create (no id) or update; the console's and the sign-up form's lists refresh. */
export function useSavePolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreatePolicyBody }) => (id === null ? createPolicy(body) : updatePolicy(id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.policies }),
  });
}

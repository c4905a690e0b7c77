import type { VerificationMethod } from '@app/contracts/sso';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /sso-platforms/{id}/send-code/`: the code by email or SMS to the person the bind found. */
export function directorySendCode(v: { id: number; method: VerificationMethod; user_id: string; verification_id: string }) {
  return api(routes.sso.sendCode, { params: { id: v.id }, body: { method: v.method, user_id: v.user_id, verification_id: v.verification_id } });
}

export const useDirectorySendCode = () => useMutation({ mutationFn: directorySendCode });

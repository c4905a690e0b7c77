import type { DirectoryVerifyBody, DirectoryVerifyResponse } from '@app/contracts/sso';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /sso-platforms/{id}/verify/`: the directory bind (id and password), or the code that completes it. */
export function directoryVerify(v: { id: number; body: DirectoryVerifyBody }) {
  return apiRequest<DirectoryVerifyResponse>(`/sso-platforms/${v.id}/verify/`, { method: 'POST', body: v.body });
}

export const useDirectoryVerify = () => useMutation({ mutationFn: directoryVerify });

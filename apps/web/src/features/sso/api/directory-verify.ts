import type { DirectoryVerifyBody } from '@app/contracts/sso';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /sso-platforms/{id}/verify/`: the directory bind (id and password), or the code that completes it. */
export function directoryVerify(v: { id: number; body: DirectoryVerifyBody }) {
  return api(routes.sso.verify, { params: { id: v.id }, body: v.body });
}

export const useDirectoryVerify = () => useMutation({ mutationFn: directoryVerify });

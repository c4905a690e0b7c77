import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /sso-platforms/{id}/authorize/`: the provider's URL; the server keeps state, nonce and the PKCE verifier. */
export function authorizeSso(v: { id: number; redirect_url: string }) {
  return api(routes.sso.authorize, { params: { id: v.id }, body: { redirect_url: v.redirect_url } });
}

export const useAuthorizeSso = () => useMutation({ mutationFn: authorizeSso });

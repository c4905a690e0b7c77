import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /sso-platforms/{id}/authorize/`: the provider's URL; the server keeps state, nonce and the PKCE verifier. */
export function authorizeSso(v: { id: number; redirect_url: string }) {
  return apiRequest<{ authorization_url: string }>(`/sso-platforms/${v.id}/authorize/`, { method: 'POST', body: { redirect_url: v.redirect_url } });
}

export const useAuthorizeSso = () => useMutation({ mutationFn: authorizeSso });

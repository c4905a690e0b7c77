import { apiHeaders, buildUrl, refreshSession, toApiError } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

/**
 * A multipart upload with the tenant and token headers (apiRequest sends JSON); retried once after
 * refreshing an expired token, like apiRequest. The browser sets the multipart boundary itself.
 */
export async function postMultipart<T>(path: string, form: FormData): Promise<T> {
  const send = () => fetch(buildUrl(path), { method: 'POST', headers: apiHeaders(false), body: form, credentials: 'same-origin' });
  let res = await send();
  if (res.status === 401 && authStore.get().accessToken) {
    await refreshSession();
    res = await send();
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

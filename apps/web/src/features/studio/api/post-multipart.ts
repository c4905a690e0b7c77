import type { CallArgs, EndpointDef, EndpointRef, ResponseOf } from '@app/contracts/endpoint';
import { apiFetch } from '../../../lib/api-client';

/**
 * A multipart upload to an endpoint declared `multipart: true`, answered with JSON: `apiFetch`
 * sends the tenant and token headers and retries once after refreshing an expired token; the
 * browser sets the multipart boundary itself.
 */
export async function postMultipart<E extends EndpointDef>(ref: EndpointRef<E>, params: CallArgs<E>['params'], form: FormData): Promise<ResponseOf<E>> {
  const res = await apiFetch(ref, { params, form } as Parameters<typeof apiFetch<E>>[1]);
  return (await res.json()) as ResponseOf<E>;
}

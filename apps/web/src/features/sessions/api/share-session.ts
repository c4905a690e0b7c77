import { routes } from '@app/contracts/routes.gen';
import type { Session } from '@app/contracts/sessions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /sessions/{hash}/share/: makes the session readable by anyone with its link (idempotent: the same link again). */
export function shareSession(hash: string) {
  return api(routes.sessions.share, { params: { hash } });
}

/** DELETE /sessions/{hash}/share/: the link stops working (404). */
export function stopSharingSession(hash: string) {
  return api(routes.sessions.unshare, { params: { hash } });
}

/** The open session's cached copy follows, so the share modal shows its state without a refetch. */
function useSetShareHash(hash: string) {
  const qc = useQueryClient();
  return (share_hash_id: string | null) => qc.setQueryData<Session>(queryKeys.session(hash), (s) => (s ? { ...s, share_hash_id } : s));
}

export function useShareSession(hash: string) {
  const setShareHash = useSetShareHash(hash);
  return useMutation({ mutationFn: () => shareSession(hash), onSuccess: (res) => setShareHash(res.share_hash_id) });
}

export function useStopSharingSession(hash: string) {
  const setShareHash = useSetShareHash(hash);
  return useMutation({ mutationFn: () => stopSharingSession(hash), onSuccess: () => setShareHash(null) });
}

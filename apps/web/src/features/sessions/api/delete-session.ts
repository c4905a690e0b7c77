import { routes } from '@app/contracts/routes.gen';
import type { SessionList } from '@app/contracts/sessions';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function deleteSession(hash: string) {
  return api(routes.sessions.remove, { params: { hash } });
}

/** Optimistic: the row disappears at once; a failure restores the list (spec §2). */
export function useDeleteSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onMutate: async (hash) => {
      await qc.cancelQueries({ queryKey: queryKeys.sessions });
      const previous = qc.getQueryData<InfiniteData<SessionList>>(queryKeys.sessions);
      qc.setQueryData<InfiniteData<SessionList>>(queryKeys.sessions, (d) =>
        d ? { ...d, pages: d.pages.map((p) => ({ ...p, items: p.items.filter((s) => s.hash_id !== hash) })) } : d,
      );
      return { previous };
    },
    onError: (_err, _hash, ctx) => {
      if (ctx?.previous) qc.setQueryData(queryKeys.sessions, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

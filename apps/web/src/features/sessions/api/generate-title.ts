import { routes } from '@app/contracts/routes.gen';
import type { Session, SessionList } from '@app/contracts/sessions';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PATCH /sessions/{hash}/generate-title/`: the server asks a model for the session's title and stores it. */
export function generateSessionTitle(hash: string) {
  return api(routes.sessions.generateTitle, { params: { hash } });
}

/** Puts the titled session into the open session and My sessions without a refetch (a row not loaded yet: refetch the list). */
export function storeSession(qc: QueryClient, s: Session) {
  qc.setQueryData(queryKeys.session(s.hash_id), s);
  let found = false;
  qc.setQueryData<InfiniteData<SessionList>>(queryKeys.sessions, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => {
              if (item.hash_id !== s.hash_id) return item;
              found = true;
              return { ...item, title: s.title };
            }),
          })),
        }
      : data,
  );
  if (!found) void qc.invalidateQueries({ queryKey: queryKeys.sessions });
}

export function useGenerateSessionTitle() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: generateSessionTitle, onSuccess: (s) => storeSession(qc, s) });
}

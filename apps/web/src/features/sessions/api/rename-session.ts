import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function renameSession(hash: string, title: string) {
  return api(routes.sessions.update, { params: { hash }, body: { title } });
}

export function useRenameSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ hash, title }: { hash: string; title: string }) => renameSession(hash, title),
    onSuccess: (s) => {
      qc.setQueryData(queryKeys.session(s.hash_id), s);
      void qc.invalidateQueries({ queryKey: queryKeys.sessions });
    },
  });
}

import type { ListWhitelistQuery } from '@app/contracts/sso';
import { routes } from '@app/contracts/routes.gen';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['admin', 'sso-whitelist'] as const;

/** `GET /admin/sso-member-whitelist/` (10 a page, newest first by default: spec §7, §9). */
export const whitelistQueryOptions = (q: ListWhitelistQuery) =>
  queryOptions({ queryKey: [...key, q], queryFn: ({ signal }) => api(routes.sso.listWhitelist, { query: q, signal }), placeholderData: keepPreviousData });
export const useWhitelist = (q: ListWhitelistQuery) => useQuery(whitelistQueryOptions(q));

export const useWhitelistSettings = () => useQuery({ queryKey: [...key, 'settings'], queryFn: ({ signal }) => api(routes.sso.whitelistSettings, { signal }), staleTime: Infinity });

export function upsertWhitelist(emails: string[]) {
  return api(routes.sso.upsertWhitelist, { body: { sso_member_whitelist: emails.map((email) => ({ email })) } });
}

export function useDeleteWhitelist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api(routes.sso.deleteWhitelist, { body: { sso_member_whitelist_ids: ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Refreshes the list after an upload batch. */
export function useInvalidateWhitelist() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: key });
}

/** `GET /admin/sso-member-whitelist/export-task/`: the export as a background task (like the members export). */
export const useStartWhitelistExport = () => useMutation({ mutationFn: () => api(routes.sso.exportWhitelist) });

import type { BulkUpsertWhitelistResponse, WhitelistList } from '@app/contracts/sso';
import type { Task } from '@app/contracts/tasks';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const key = ['admin', 'sso-whitelist'] as const;

export interface WhitelistQuery {
  page: number;
  size: number;
  search_term?: string;
  order_by: 'id.desc' | 'id.asc' | 'email.asc' | 'email.desc';
}

/** `GET /admin/sso-member-whitelist/` (10 a page, newest first by default: spec §7, §9). */
export const whitelistQueryOptions = (q: WhitelistQuery) =>
  queryOptions({ queryKey: [...key, q], queryFn: () => apiRequest<WhitelistList>('/admin/sso-member-whitelist/', { query: { ...q } }), placeholderData: keepPreviousData });
export const useWhitelist = (q: WhitelistQuery) => useQuery(whitelistQueryOptions(q));

export const useWhitelistSettings = () =>
  useQuery({ queryKey: [...key, 'settings'], queryFn: () => apiRequest<{ batch_size: number }>('/admin/sso-member-whitelist/settings/'), staleTime: Infinity });

export function upsertWhitelist(emails: string[]) {
  return apiRequest<BulkUpsertWhitelistResponse>('/admin/sso-member-whitelist/bulk-upsert/', { method: 'POST', body: { sso_member_whitelist: emails.map((email) => ({ email })) } });
}

export function useDeleteWhitelist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiRequest<{ deleted: number }>('/admin/sso-member-whitelist/bulk-delete/', { method: 'POST', body: { sso_member_whitelist_ids: ids } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

/** Refreshes the list after an upload batch. */
export function useInvalidateWhitelist() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: key });
}

/** `GET /admin/sso-member-whitelist/export-task/`: the export as a background task (like the members export). */
export const useStartWhitelistExport = () => useMutation({ mutationFn: () => apiRequest<Task>('/admin/sso-member-whitelist/export-task/') });

import type { AdminSsoPlatform, CreateSsoPlatformBody, PatchSsoPlatformBody } from '@app/contracts/sso';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const key = ['admin', 'sso-platforms'] as const;

/** The console's platforms, every setting but the secret. */
export const adminSsoPlatformsQueryOptions = () => queryOptions({ queryKey: key, queryFn: () => apiRequest<{ items: AdminSsoPlatform[] }>('/admin/sso-platforms/') });
export const useAdminSsoPlatforms = () => useQuery(adminSsoPlatformsQueryOptions());

export function saveSsoPlatform(v: { id: number | null; body: CreateSsoPlatformBody | PatchSsoPlatformBody }) {
  return v.id === null
    ? apiRequest<AdminSsoPlatform>('/admin/sso-platforms/', { method: 'POST', body: v.body })
    : apiRequest<AdminSsoPlatform>(`/admin/sso-platforms/${v.id}/`, { method: 'PATCH', body: v.body });
}

export function deleteSsoPlatform(id: number) {
  return apiRequest<{ ok: true }>(`/admin/sso-platforms/${id}/`, { method: 'DELETE' });
}

export function useSaveSsoPlatform() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSsoPlatform, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

export function useDeleteSsoPlatform() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSsoPlatform, onSuccess: () => qc.invalidateQueries({ queryKey: key }) });
}

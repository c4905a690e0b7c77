import type { CreateSsoPlatformBody, PatchSsoPlatformBody } from '@app/contracts/sso';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Adds a platform (no id), or changes one (its kind stays). */
export function saveSsoPlatform(v: { id: null; body: CreateSsoPlatformBody } | { id: number; body: PatchSsoPlatformBody }) {
  return v.id === null ? api(routes.sso.create, { body: v.body }) : api(routes.sso.update, { params: { id: v.id }, body: v.body });
}

export function deleteSsoPlatform(id: number) {
  return api(routes.sso.remove, { params: { id } });
}

export function useSaveSsoPlatform() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveSsoPlatform, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.adminSsoPlatforms }) });
}

export function useDeleteSsoPlatform() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteSsoPlatform, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.adminSsoPlatforms }) });
}

import type { PatchMemberGroupBody } from '@app/contracts/member-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { refreshGroupViews } from './list-admin-member-groups';

/** Renames or changes quotas; only the fields given change (a default group's credits cannot, spec §5). */
export function updateMemberGroup(id: number, body: PatchMemberGroupBody) {
  return api(routes.memberGroups.update, { params: { id }, body });
}

export function useUpdateMemberGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: PatchMemberGroupBody }) => updateMemberGroup(id, body), onSuccess: () => refreshGroupViews(qc) });
}

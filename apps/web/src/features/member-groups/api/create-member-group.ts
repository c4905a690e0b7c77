import type { CreateMemberGroupBody } from '@app/contracts/member-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { refreshGroupViews } from './list-admin-member-groups';

export function createMemberGroup(body: CreateMemberGroupBody) {
  return api(routes.memberGroups.create, { body });
}

export function useCreateMemberGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createMemberGroup, onSuccess: () => refreshGroupViews(qc) });
}

import type { CreateMemberGroupBody, MemberGroup } from '@app/contracts/member-groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshGroupViews } from './list-admin-member-groups';

export function createMemberGroup(body: CreateMemberGroupBody) {
  return apiRequest<MemberGroup>('/admin/member-groups/', { method: 'POST', body });
}

export function useCreateMemberGroup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createMemberGroup, onSuccess: () => refreshGroupViews(qc) });
}

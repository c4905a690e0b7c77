import type { PatchMemberBody } from '@app/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@app/contracts/routes.gen';
import { api } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { queryKeys } from '../../../lib/query-keys';

export function updateMember(id: number, body: PatchMemberBody) {
  return api(routes.members.update, { params: { id }, body });
}

export function useUpdateMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PatchMemberBody }) => updateMember(id, body),
    onSuccess: (member) => {
      authStore.setMember(member);
      qc.setQueryData(queryKeys.member(member.id), member);
    },
  });
}

import type { Member } from '@app/contracts/members';
import type { PatchMemberBody } from '@app/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';
import { queryKeys } from '../../../lib/query-keys';

export function updateMember(id: number, body: PatchMemberBody) {
  return apiRequest<Member>(`/members/${id}/`, { method: 'PATCH', body });
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

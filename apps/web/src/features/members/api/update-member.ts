import type { Member } from '@app/contracts/members';
import type { PatchMemberBody } from '@app/contracts/members';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authStore } from '../../../lib/auth-store';

export function updateMember(id: number, body: PatchMemberBody) {
  return apiRequest<Member>(`/members/${id}/`, { method: 'PATCH', body });
}

export function useUpdateMember() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PatchMemberBody }) => updateMember(id, body),
    onSuccess: (member) => authStore.setMember(member),
  });
}

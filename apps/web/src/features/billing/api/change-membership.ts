import type { Membership, SubscribeBody } from '@app/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/use-auth';
import { billingKey } from './list-plans';

/** After any payment or change: membership, cards, credit history, the member's remaining credit and usage cards. */
function useRefreshAfter() {
  const qc = useQueryClient();
  const { member } = useAuth();
  return () => {
    void qc.invalidateQueries({ queryKey: billingKey });
    if (member) {
      void qc.invalidateQueries({ queryKey: queryKeys.creditCheck(member.id) });
      void qc.invalidateQueries({ queryKey: queryKeys.usage(member.id) });
    }
  };
}

/** `POST /member-billing-plans/{id}/subscribe/` (the manual provider, or a saved card). */
export function useSubscribe() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (v: { planId: number; body: SubscribeBody }) => apiRequest<Membership>(`/member-billing-plans/${v.planId}/subscribe/`, { method: 'POST', body: v.body }),
    onSuccess: refresh,
  });
}

/** `POST /membership/cancel/` (a scheduled end) or `/membership/resume/`. */
export function useMembershipAction() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') => apiRequest<Membership>(`/membership/${action}/`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

export { useRefreshAfter };

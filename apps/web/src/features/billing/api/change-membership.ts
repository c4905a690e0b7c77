import type { SubscribeBody } from '@app/contracts/billing';
import { routes } from '@app/contracts/routes.gen';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
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
    mutationFn: (v: { planId: number; body: SubscribeBody }) => api(routes.billing.subscribe, { params: { id: v.planId }, body: v.body }),
    onSuccess: refresh,
  });
}

/** `POST /membership/cancel/` (a scheduled end) or `/membership/resume/`. */
export function useMembershipAction() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') => (action === 'cancel' ? api(routes.billing.cancel) : api(routes.billing.resume)),
    onSuccess: refresh,
  });
}

export { useRefreshAfter };

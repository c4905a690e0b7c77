import type { CreditEntry, Membership } from '@app/contracts/billing';
import { routes } from '@app/contracts/routes.gen';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/use-auth';
import { payInPaypleWindow } from '../lib/payple-window';
import { useRefreshAfter } from './change-membership';

export type WindowPurchase = { kind: 'subscription'; planId: number } | { kind: 'credits'; credit: number };
export type WindowOutcome = { kind: 'subscription'; membership: Membership } | { kind: 'credits'; entry: CreditEntry };

/**
 * A payment with a new card in Payple's window: the server opens the order
 * (`POST /member-billing-plans/{id}/orders/` or `POST /credits/orders/`), the member pays in the
 * window, and its result goes to `payple-subscribe` / `payple-purchase`, where the server verifies
 * it with Payple before granting. The card paid with is saved by the server.
 */
export function usePayInWindow() {
  const refresh = useRefreshAfter();
  const { member } = useAuth();
  return useMutation({
    mutationFn: async (what: WindowPurchase): Promise<WindowOutcome> => {
      const order =
        what.kind === 'subscription'
          ? await api(routes.billing.planOrder, { params: { id: what.planId } })
          : await api(routes.billing.creditOrder, { body: { credit: what.credit } });
      const result = await payInPaypleWindow(order, { name: member?.name ?? '', email: member?.email ?? '' });
      if (what.kind === 'subscription') return { kind: 'subscription', membership: await api(routes.billing.paypleSubscribe, { params: { id: what.planId }, body: result }) };
      return { kind: 'credits', entry: await api(routes.billing.payplePurchase, { body: result }) };
    },
    // A declined card or a refused result may still have changed nothing visible; a verified one changed everything.
    onSettled: refresh,
  });
}

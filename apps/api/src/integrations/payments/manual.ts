import type { ChargeRequest, PaymentProvider, PaymentResult } from './types';

/**
 * The embedded default: no card network. A subscription or purchase is recorded as settled outside
 * the app (an invoice the tenant collects), and administrators grant plans and credits in the
 * console. There is no payment window, so there is nothing to verify.
 */
export function createManualProvider(): PaymentProvider {
  return {
    name: 'manual',
    async verify(orderRef: string): Promise<PaymentResult> {
      return { ok: false, orderRef, total: 0, providerRef: '', receiptUrl: null, billingKey: null, cardName: '', cardNumber: '', message: 'The manual provider has no payment window' };
    },
    async charge(req: ChargeRequest): Promise<PaymentResult> {
      return { ok: true, orderRef: req.orderRef, total: req.amount, providerRef: `manual-${req.orderRef}`, receiptUrl: null, billingKey: null, cardName: '', cardNumber: '', message: 'recorded' };
    },
  };
}

/**
 * How billing takes money (decision 032). A provider either verifies a result its payment window
 * handed the page (`verify`: asked of the provider itself, never taken from the page) or charges a
 * saved card by its billing key (`charge`: renewals, purchases with a saved card). Both answer a
 * `PaymentResult`; only `ok` results with the order's amount grant anything.
 */
export interface PaymentResult {
  ok: boolean;
  /** The order the provider says this payment is for. */
  orderRef: string;
  /** The amount the provider says was paid. */
  total: number;
  /** The provider's id of the payment (unique per provider): one payment is recorded once. */
  providerRef: string;
  receiptUrl: string | null;
  /** A key to charge the same card again, when the provider issued one. */
  billingKey: string | null;
  cardName: string;
  /** Masked as the provider shows it. */
  cardNumber: string;
  message: string;
}

export interface ChargeRequest {
  orderRef: string;
  amount: number;
  goods: string;
  payerNo: string;
  billingKey: string | null;
}

export interface PaymentProvider {
  readonly name: 'manual' | 'payple';
  /** The result of the payment for `orderRef`, from the provider. */
  verify(orderRef: string): Promise<PaymentResult>;
  charge(req: ChargeRequest): Promise<PaymentResult>;
}

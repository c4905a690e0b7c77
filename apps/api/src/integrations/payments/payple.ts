import type { ChargeRequest, PaymentProvider, PaymentResult } from './types';

export interface PaypleConfig {
  baseUrl: string;
  cstId: string;
  custKey: string;
}

const TIMEOUT_MS = 15_000;

async function post(url: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Payple answered ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function toResult(r: Record<string, unknown>): PaymentResult {
  return {
    ok: r.PCD_PAY_RST === 'success',
    orderRef: str(r.PCD_PAY_OID),
    total: Number(str(r.PCD_PAY_TOTAL).replace(/,/g, '')) || 0,
    // The card approval number identifies the payment at Payple; the order id is ours.
    providerRef: str(r.PCD_PAY_CARDTRADENUM) || str(r.PCD_PAY_OID),
    receiptUrl: str(r.PCD_PAY_CARDRECEIPT) || null,
    billingKey: str(r.PCD_PAYER_ID) || null,
    cardName: str(r.PCD_PAY_CARDNAME),
    cardNumber: str(r.PCD_PAY_CARDNUM),
    message: str(r.PCD_PAY_MSG),
  };
}

/**
 * Payple's card API (docs: partner authentication `/php/auth.php`, result check
 * `/php/PayChkAct.php`, billing-key payment `/php/SimplePayCardAct.php?ACT_=PAYM`). Every call
 * authenticates first with cst_id / custKey and uses the AuthKey it returns. Calls go to the
 * configured base URL only, never to a host named in an answer.
 */
export function createPaypleProvider(cfg: PaypleConfig, now: () => Date = () => new Date()): PaymentProvider {
  async function auth(extra: Record<string, string>): Promise<string> {
    const r = await post(`${cfg.baseUrl}/php/auth.php`, { cst_id: cfg.cstId, custKey: cfg.custKey, ...extra });
    if (r.result !== 'success' || typeof r.AuthKey !== 'string') throw new Error(`Payple partner authentication failed: ${str(r.result_msg)}`);
    return r.AuthKey;
  }
  const keys = () => ({ PCD_CST_ID: cfg.cstId, PCD_CUST_KEY: cfg.custKey });
  return {
    name: 'payple',
    async verify(orderRef) {
      const authKey = await auth({ PCD_PAYCHK_FLAG: 'Y' });
      const day = now().toISOString().slice(0, 10).replace(/-/g, '');
      const r = await post(`${cfg.baseUrl}/php/PayChkAct.php`, { ...keys(), PCD_AUTH_KEY: authKey, PCD_PAYCHK_FLAG: 'Y', PCD_PAY_TYPE: 'card', PCD_PAY_OID: orderRef, PCD_PAY_DATE: day });
      return toResult(r);
    },
    async charge(req: ChargeRequest) {
      if (!req.billingKey) throw new Error('No billing key to charge');
      const authKey = await auth({ PCD_PAY_TYPE: 'card', PCD_SIMPLE_FLAG: 'Y' });
      const r = await post(`${cfg.baseUrl}/php/SimplePayCardAct.php?ACT_=PAYM`, {
        ...keys(),
        PCD_AUTH_KEY: authKey,
        PCD_PAY_TYPE: 'card',
        PCD_PAYER_ID: req.billingKey,
        PCD_PAYER_NO: req.payerNo,
        PCD_PAY_GOODS: req.goods,
        PCD_SIMPLE_FLAG: 'Y',
        PCD_PAY_TOTAL: String(req.amount),
        PCD_PAY_OID: req.orderRef,
      });
      return toResult(r);
    },
  };
}

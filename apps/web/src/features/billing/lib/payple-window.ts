import type { PaymentOrder, PaypleResultBody } from '@app/contracts/billing';

/**
 * Payple's payment window (decision 032): their script, loaded from the origin the server names
 * (the Content-Security-Policy allows that origin only when Payple is configured), defines
 * `PaypleCpayAuthCheck`; it needs jQuery on the page, which comes from our own bundle (no third
 * CDN). The window is opened for an order the server opened; its result goes back to the server,
 * which asks Payple itself before granting anything.
 */
declare global {
  interface Window {
    PaypleCpayAuthCheck?: (request: Record<string, unknown>) => void;
    jQuery?: unknown;
    $?: unknown;
  }
}

export type PaypleResult = PaypleResultBody;

/** Why no payment came back: the member closed the window, the card failed, or the window never opened. */
export class PaymentWindowError extends Error {
  constructor(
    readonly reason: 'closed' | 'declined' | 'unavailable',
    readonly providerMessage = '',
  ) {
    super(`Payment window: ${reason}${providerMessage ? ` (${providerMessage})` : ''}`);
  }
}

const loaded = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  const known = loaded.get(src);
  if (known) return known;
  const p = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => {
      loaded.delete(src);
      el.remove();
      reject(new PaymentWindowError('unavailable'));
    };
    document.head.appendChild(el);
  });
  loaded.set(src, p);
  return p;
}

/** jQuery (Payple's script uses it) and the script, once per page. */
async function ensurePayple(scriptUrl: string): Promise<NonNullable<Window['PaypleCpayAuthCheck']>> {
  if (typeof window.jQuery !== 'function') {
    const { default: jQuery } = (await import('jquery')) as { default: unknown };
    window.jQuery = jQuery;
    window.$ ??= jQuery;
  }
  await loadScript(scriptUrl);
  if (typeof window.PaypleCpayAuthCheck !== 'function') throw new PaymentWindowError('unavailable');
  return window.PaypleCpayAuthCheck;
}

/**
 * Opens the window for `order` and resolves with its successful result; a closed window, a
 * declined card or a window that cannot load rejects with a PaymentWindowError.
 * `PCD_PAY_WORK: 'PAY'` has Payple take the payment in the window; `PCD_CARD_VER: '01'` registers
 * the card for later payments (renewals, purchases with a saved card).
 */
export async function payInPaypleWindow(order: PaymentOrder, payer: { name: string; email: string }): Promise<PaypleResult> {
  if (!order.window) throw new PaymentWindowError('unavailable');
  const open = await ensurePayple(order.window.script_url);
  return new Promise<PaypleResult>((resolve, reject) => {
    try {
      open({
        clientKey: order.window!.client_key,
        PCD_PAY_TYPE: 'card',
        PCD_PAY_WORK: 'PAY',
        PCD_CARD_VER: '01',
        PCD_PAYER_NO: order.payer_no,
        PCD_PAYER_NAME: payer.name,
        PCD_PAYER_EMAIL: payer.email,
        PCD_PAY_GOODS: order.goods,
        PCD_PAY_TOTAL: order.price,
        PCD_PAY_OID: order.order_id,
        callbackFunction: (res: Record<string, unknown>) => {
          const rst = String(res.PCD_PAY_RST ?? '');
          const message = String(res.PCD_PAY_MSG ?? '');
          if (rst === 'success') resolve({ ...res, PCD_PAY_RST: rst, PCD_PAY_OID: String(res.PCD_PAY_OID ?? order.order_id) } as PaypleResult);
          else reject(new PaymentWindowError(rst === 'close' ? 'closed' : 'declined', message));
        },
      });
    } catch {
      reject(new PaymentWindowError('unavailable'));
    }
  });
}

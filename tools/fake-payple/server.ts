/**
 * A local double of Payple's card API for tests (decision 032). It mirrors the parts the app uses:
 * - `POST /php/auth.php` {cst_id, custKey, PCD_PAY_TYPE?, PCD_SIMPLE_FLAG?, PCD_PAYCHK_FLAG?}: partner
 *   authentication → {result, AuthKey, PCD_PAY_HOST, PCD_PAY_URL, return_url};
 * - `POST /php/PayChkAct.php` {PCD_CST_ID, PCD_CUST_KEY, PCD_AUTH_KEY, PCD_PAYCHK_FLAG, PCD_PAY_OID,
 *   PCD_PAY_DATE}: the result of a payment by its order id (what the server verifies a window's result with);
 * - `POST /php/SimplePayCardAct.php?ACT_=PAYM` {PCD_CST_ID, PCD_CUST_KEY, PCD_AUTH_KEY, PCD_PAY_TYPE,
 *   PCD_PAYER_ID, PCD_PAY_GOODS, PCD_SIMPLE_FLAG, PCD_PAY_TOTAL, PCD_PAY_OID}: a payment with a billing key.
 * Results carry PCD_PAY_RST (success | error), PCD_PAY_MSG, PCD_PAY_OID, PCD_PAY_TOTAL, PCD_PAYER_ID,
 * PCD_PAY_CARDNAME, PCD_PAY_CARDNUM, PCD_PAY_CARDTRADENUM, PCD_PAY_CARDRECEIPT.
 * - the payment window for a browser: `GET /js/v1/payment.js` defines `PaypleCpayAuthCheck(obj)` as
 *   Payple's script does (it needs jQuery on the page, as Payple's does); it opens `GET /window` in a
 *   frame over the page, where the member pays (`POST /window/pay`, checked against the partner's
 *   client key) or closes the window, and hands the result to `obj.callbackFunction`. A card number
 *   starting 4000 is declined.
 * Test-only controls: `pay(...)` stands for a member paying in Payple's window (returns the result the
 * window hands the page), `declineNext(n)` makes the next billing-key payments fail.
 * Run standalone: `tsx tools/fake-payple/server.ts --port 4020`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface FakePaypleOptions {
  port?: number;
  host?: string;
  cstId?: string;
  custKey?: string;
  /** The partner's client key the window accepts. */
  clientKey?: string;
}

export interface FakePayment {
  oid: string;
  total: number;
  payerId: string;
  payerNo: string;
  goods: string;
  cardName: string;
  cardNum: string;
  tradeNum: string;
  receiptUrl: string;
  status: 'success' | 'error';
  at: Date;
}

export interface FakePayple {
  url: string;
  cstId: string;
  custKey: string;
  clientKey: string;
  /** Every payment made, by order id. */
  payments: Map<string, FakePayment>;
  /** The member pays `total` for order `oid` in Payple's window; the window's result body. */
  pay(p: { oid: string; total: number; payerNo?: string; cardNum?: string; cardName?: string; fail?: boolean }): Record<string, string>;
  /** The next `n` billing-key payments are declined. */
  declineNext(n?: number): void;
  /** Billing-key payments received (order ids), in order. */
  billingCalls: string[];
  /** Result checks (PayChkAct) received (order ids), in order: what the server verified. */
  checkCalls: string[];
  close(): Promise<void>;
}

const token = (n = 24) => randomBytes(n).toString('base64url');

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

export async function startFakePayple(opts: FakePaypleOptions = {}): Promise<FakePayple> {
  const cstId = opts.cstId ?? 'test';
  const custKey = opts.custKey ?? 'abcd1234567890';
  const clientKey = opts.clientKey ?? 'test_DF55F29DA654A8CBC0F0A9DD4B556486';
  const payments = new Map<string, FakePayment>();
  const authKeys = new Set<string>();
  /** Billing keys (PCD_PAYER_ID) the window issued, with their card. */
  const billingKeys = new Map<string, { cardName: string; cardNum: string; payerNo: string }>();
  const billingCalls: string[] = [];
  const checkCalls: string[] = [];
  let declines = 0;
  let base = '';

  const resultOf = (p: FakePayment): Record<string, string> => ({
    PCD_PAY_RST: p.status,
    PCD_PAY_CODE: p.status === 'success' ? '0000' : 'CARD0001',
    PCD_PAY_MSG: p.status === 'success' ? '결제완료' : '카드 승인 거절',
    PCD_PAY_OID: p.oid,
    PCD_PAY_TYPE: 'card',
    PCD_PAYER_NO: p.payerNo,
    PCD_PAYER_ID: p.payerId,
    PCD_PAY_GOODS: p.goods,
    PCD_PAY_TOTAL: String(p.total),
    PCD_PAY_TIME: p.at.toISOString().replace(/\D/g, '').slice(0, 14),
    PCD_PAY_CARDNAME: p.cardName,
    PCD_PAY_CARDNUM: p.cardNum,
    PCD_PAY_CARDTRADENUM: p.tradeNum,
    PCD_PAY_CARDRECEIPT: p.receiptUrl,
  });

  const authorised = (b: Record<string, unknown>) => b.PCD_CST_ID === cstId && b.PCD_CUST_KEY === custKey && typeof b.PCD_AUTH_KEY === 'string' && authKeys.has(b.PCD_AUTH_KEY);

  function record(p: Omit<FakePayment, 'tradeNum' | 'receiptUrl' | 'at'>): FakePayment {
    const tradeNum = `${Date.now()}${token(6)}`;
    const full = { ...p, tradeNum, receiptUrl: `${base}/receipt/${tradeNum}`, at: new Date() };
    payments.set(p.oid, full);
    return full;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname.startsWith('/receipt/')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Receipt</title><p>Fake Payple receipt</p>');
      return;
    }
    if (req.method === 'GET' && url.pathname === '/js/v1/payment.js') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(windowScript(base));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/window') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(windowPage(url.searchParams));
      return;
    }
    if (req.method !== 'POST') return send(404, { result: 'error', result_msg: 'not found' });
    const b = await readJson(req);
    if (url.pathname === '/window/pay') {
      const oid = String(b.oid ?? '');
      if (b.clientKey !== clientKey) return send(200, { PCD_PAY_RST: 'error', PCD_PAY_CODE: 'AUTH0002', PCD_PAY_MSG: '클라이언트 키 인증 실패', PCD_PAY_OID: oid });
      const cardNum = String(b.cardNum ?? '1234-5678-9012-5678').replace(/[^0-9]/g, '');
      const masked = `${cardNum.slice(0, 4)}-****-****-${cardNum.slice(-4)}`;
      return send(200, api.pay({ oid, total: Number(b.total), payerNo: String(b.payerNo ?? ''), cardNum: masked, cardName: 'BC카드', fail: cardNum.startsWith('4000') }));
    }
    if (url.pathname === '/php/auth.php') {
      if (b.cst_id !== cstId || b.custKey !== custKey) return send(200, { result: 'error', result_msg: '가맹점 인증 실패', code: 'AUTH0001' });
      const authKey = token(32);
      authKeys.add(authKey);
      const work = b.PCD_PAYCHK_FLAG === 'Y' ? '/php/PayChkAct.php' : b.PCD_SIMPLE_FLAG === 'Y' ? '/php/SimplePayCardAct.php?ACT_=PAYM' : '/php/SimplePayCardAct.php?ACT_=PAYM';
      return send(200, { result: 'success', result_msg: '사용자 인증완료', cst_id: cstId, custKey, AuthKey: authKey, PCD_PAY_HOST: base, PCD_PAY_URL: work, return_url: `${base}${work}` });
    }
    if (url.pathname === '/php/PayChkAct.php') {
      if (!authorised(b)) return send(200, { PCD_PAY_RST: 'error', PCD_PAY_MSG: '가맹점 인증 실패' });
      checkCalls.push(String(b.PCD_PAY_OID ?? ''));
      const p = payments.get(String(b.PCD_PAY_OID ?? ''));
      if (!p) return send(200, { PCD_PAY_RST: 'error', PCD_PAY_MSG: '결제 내역이 없습니다', PCD_PAY_OID: String(b.PCD_PAY_OID ?? '') });
      return send(200, resultOf(p));
    }
    if (url.pathname === '/php/SimplePayCardAct.php') {
      if (!authorised(b)) return send(200, { PCD_PAY_RST: 'error', PCD_PAY_MSG: '가맹점 인증 실패' });
      const oid = String(b.PCD_PAY_OID ?? '');
      billingCalls.push(oid);
      const card = billingKeys.get(String(b.PCD_PAYER_ID ?? ''));
      if (!card) return send(200, { PCD_PAY_RST: 'error', PCD_PAY_MSG: '등록된 카드가 없습니다', PCD_PAY_OID: oid });
      if (payments.get(oid)?.status === 'success') return send(200, { PCD_PAY_RST: 'error', PCD_PAY_MSG: '중복된 주문번호', PCD_PAY_OID: oid });
      const declined = declines > 0;
      if (declined) declines--;
      const p = record({
        oid,
        total: Number(b.PCD_PAY_TOTAL),
        payerId: String(b.PCD_PAYER_ID),
        payerNo: card.payerNo,
        goods: String(b.PCD_PAY_GOODS ?? ''),
        cardName: card.cardName,
        cardNum: card.cardNum,
        status: declined ? 'error' : 'success',
      });
      return send(200, resultOf(p));
    }
    return send(404, { result: 'error', result_msg: 'not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  base = `http://${opts.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  const api: FakePayple = {
    url: base,
    cstId,
    custKey,
    clientKey,
    payments,
    billingCalls,
    checkCalls,
    pay({ oid, total, payerNo = '1', cardNum = '1234-****-****-5678', cardName = 'BC카드', fail = false }) {
      const payerId = token(24);
      if (!fail) billingKeys.set(payerId, { cardName, cardNum, payerNo });
      const p = record({ oid, total, payerId, payerNo, goods: '', cardName, cardNum, status: fail ? 'error' : 'success' });
      return { ...resultOf(p), PCD_AUTH_KEY: token(32), PCD_PAY_WORK: 'PAY', PCD_CARD_VER: '01' };
    },
    declineNext(n = 1) {
      declines += n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}

/** Payple's window script, as far as the app uses it: `PaypleCpayAuthCheck(obj)` opens the window over the page. */
function windowScript(base: string): string {
  return `(function () {
  var origin = ${JSON.stringify(base)};
  window.PaypleCpayAuthCheck = function (obj) {
    if (typeof window.jQuery !== 'function') throw new Error('Payple: jQuery is required');
    var q = new URLSearchParams({
      clientKey: String(obj.clientKey || ''), oid: String(obj.PCD_PAY_OID || ''), total: String(obj.PCD_PAY_TOTAL || ''),
      goods: String(obj.PCD_PAY_GOODS || ''), payerNo: String(obj.PCD_PAYER_NO || ''), work: String(obj.PCD_PAY_WORK || ''),
      cardVer: String(obj.PCD_CARD_VER || ''), type: String(obj.PCD_PAY_TYPE || '')
    });
    var frame = document.createElement('iframe');
    frame.src = origin + '/window?' + q.toString();
    frame.title = 'Payple';
    frame.setAttribute('data-payple-window', '');
    frame.style.cssText = 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.45)';
    function onMessage(e) {
      if (e.origin !== origin || e.source !== frame.contentWindow) return;
      window.removeEventListener('message', onMessage);
      frame.remove();
      if (typeof obj.callbackFunction === 'function') obj.callbackFunction(e.data);
    }
    window.addEventListener('message', onMessage);
    document.body.appendChild(frame);
  };
})();
`;
}

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The window's page: the order, a card number, Pay and Close. */
function windowPage(q: URLSearchParams): string {
  const get = (k: string) => escapeHtml(q.get(k) ?? '');
  const ok = q.get('type') === 'card' && q.get('work') === 'PAY' && /^\d+$/.test(q.get('total') ?? '') && (q.get('oid') ?? '') !== '';
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Payple</title>
<style>body{margin:0;font:15px system-ui,sans-serif;display:grid;place-items:center;min-height:100vh}
.box{background:#fff;border-radius:12px;padding:24px;width:min(360px,90vw);box-shadow:0 8px 30px rgba(0,0,0,.3)}
h1{font-size:18px;margin:0 0 12px}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font:inherit}
.row{display:flex;gap:8px;margin-top:16px}button{flex:1;padding:10px;font:inherit;border-radius:8px;border:1px solid #ccc;background:#f4f4f4}
button.pay{background:#2f6fed;color:#fff;border-color:#2f6fed}</style></head>
<body><div class="box" role="dialog" aria-label="Payple">
<h1>Payple (test double)</h1>
${ok ? `<p data-goods>${get('goods')}</p><p><strong data-total>${get('total')}</strong> KRW</p>
<label for="card">카드번호</label><input id="card" value="1234-5678-9012-5678" inputmode="numeric">
<div class="row"><button type="button" id="close">닫기</button><button type="button" class="pay" id="pay">결제하기</button></div>` : `<p role="alert">잘못된 결제 요청입니다</p><div class="row"><button type="button" id="close">닫기</button></div>`}
</div>
<script>
var q = new URLSearchParams(location.search);
function done(result) { parent.postMessage(result, '*'); }
document.getElementById('close').onclick = function () { done({ PCD_PAY_RST: 'close', PCD_PAY_MSG: '결제를 종료하였습니다', PCD_PAY_OID: q.get('oid') || '' }); };
var pay = document.getElementById('pay');
if (pay) pay.onclick = function () {
  pay.disabled = true;
  fetch('/window/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ clientKey: q.get('clientKey'), oid: q.get('oid'), total: q.get('total'), payerNo: q.get('payerNo'), cardNum: document.getElementById('card').value }) })
    .then(function (r) { return r.json(); }).then(done, function () { done({ PCD_PAY_RST: 'error', PCD_PAY_MSG: '결제 요청 실패', PCD_PAY_OID: q.get('oid') || '' }); });
};
</script></body></html>`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakePayple({ port: Number(arg('port') ?? 4020), ...(arg('client-key') ? { clientKey: arg('client-key') } : {}) });
  console.log(`fake Payple listening on ${fake.url}`);
}

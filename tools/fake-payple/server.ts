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
  /** Every payment made, by order id. */
  payments: Map<string, FakePayment>;
  /** The member pays `total` for order `oid` in Payple's window; the window's result body. */
  pay(p: { oid: string; total: number; payerNo?: string; cardNum?: string; cardName?: string; fail?: boolean }): Record<string, string>;
  /** The next `n` billing-key payments are declined. */
  declineNext(n?: number): void;
  /** Billing-key payments received (order ids), in order. */
  billingCalls: string[];
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
  const payments = new Map<string, FakePayment>();
  const authKeys = new Set<string>();
  /** Billing keys (PCD_PAYER_ID) the window issued, with their card. */
  const billingKeys = new Map<string, { cardName: string; cardNum: string; payerNo: string }>();
  const billingCalls: string[] = [];
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
    if (req.method !== 'POST') return send(404, { result: 'error', result_msg: 'not found' });
    const b = await readJson(req);
    if (url.pathname === '/php/auth.php') {
      if (b.cst_id !== cstId || b.custKey !== custKey) return send(200, { result: 'error', result_msg: '가맹점 인증 실패', code: 'AUTH0001' });
      const authKey = token(32);
      authKeys.add(authKey);
      const work = b.PCD_PAYCHK_FLAG === 'Y' ? '/php/PayChkAct.php' : b.PCD_SIMPLE_FLAG === 'Y' ? '/php/SimplePayCardAct.php?ACT_=PAYM' : '/php/SimplePayCardAct.php?ACT_=PAYM';
      return send(200, { result: 'success', result_msg: '사용자 인증완료', cst_id: cstId, custKey, AuthKey: authKey, PCD_PAY_HOST: base, PCD_PAY_URL: work, return_url: `${base}${work}` });
    }
    if (url.pathname === '/php/PayChkAct.php') {
      if (!authorised(b)) return send(200, { PCD_PAY_RST: 'error', PCD_PAY_MSG: '가맹점 인증 실패' });
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

  return {
    url: base,
    cstId,
    custKey,
    payments,
    billingCalls,
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
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startFakePayple({ port: Number(arg('port') ?? 4020) });
  console.log(`fake Payple listening on ${fake.url}`);
}

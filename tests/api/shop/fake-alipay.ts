import { createVerify, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PemPair, readBody, rsaPair, sha256Sign } from './pay-helpers';

export const APP_ID = '2021000123456789';
const SELLER_ID = '2088102119685838';

interface FakeTrade {
  biz: Record<string, string>;
  notifyUrl: string;
  /** A precreated trade exists at Alipay only once its QR is scanned. */
  scanned: boolean;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  tradeNo: string;
}

export interface AlipayNotifyOptions {
  totalAmount?: string;
  tradeStatus?: string;
  appId?: string;
  signType?: string;
  /** Signed with a key that is not Alipay's. */
  forge?: boolean;
  /** A total_amount put in after signing. */
  tamperAmount?: string;
}

/** 待签名字符串: sorted name=value pairs, raw values, joined by &. */
const content = (params: Record<string, string>, omit: string[]) =>
  Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

export const qrCode = (orderNo: string) => `https://qr.alipay.com/bax0${orderNo.slice(-10).toLowerCase()}`;

/**
 * A loopback Alipay gateway for alipay.trade.precreate / query / close: it
 * checks the app's RSA2 request sign, answers as Alipay does (the response
 * object signed as sent, slashes escaped), and builds asynchronous notifies.
 */
export async function startFakeAlipay() {
  const app: PemPair = rsaPair();
  const alipay: PemPair = rsaPair();
  const trades = new Map<string, FakeTrade>();
  const state = {
    verified: [] as string[],
    refused: 0,
    closed: [] as string[],
    forgeNextReply: false,
    /** The next new refund answers fund_change N (not settled yet): the refund query confirms it. */
    fundChangeN: false,
    /** This many next refund requests answer ACQ.SYSTEM_ERROR ("call again with the same parameters"), making nothing. */
    refundSystemErrors: 0,
    /** alipay.trade.close answers ACQ.SYSTEM_ERROR: the trade stays open. */
    failClose: false,
  };
  /** Trade bills by bill_date (a zip of GBK CSV files), served at the link the download-URL query answers. */
  const bills = new Map<string, Buffer>();
  /** Refunds by out_trade_no + out_request_no: the same pair again is the same refund. */
  const refunds = new Map<string, { outTradeNo: string; amount: string; requests: number }>();
  const refundKey = (no: string, req: string) => `${no}/${req}`;
  const fen = (yuan: string) => Math.round(Number(yuan) * 100);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/bill') {
      // The download link is unsigned, as Alipay's (its token is the secret).
      const bill = bills.get(url.searchParams.get('date') ?? '');
      return bill ? res.writeHead(200, { 'content-type': 'application/zip' }).end(bill) : res.writeHead(404).end();
    }
    const params = Object.fromEntries([...url.searchParams, ...new URLSearchParams(await readBody(req))]);
    const method = params.method ?? '';
    const reply = (inner: Record<string, unknown>) => {
      // Alipay escapes "/" in its JSON: a verifier that re-serialises would fail here.
      const text = JSON.stringify(inner).replaceAll('/', '\\/');
      const sign = sha256Sign(text, state.forgeNextReply ? rsaPair().privatePem : alipay.privatePem);
      state.forgeNextReply = false;
      const body = `{"${method.replaceAll('.', '_')}_response":${text},"sign":"${sign}"}`;
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' }).end(body);
    };
    const signed =
      params.app_id === APP_ID &&
      params.sign_type === 'RSA2' &&
      params.charset === 'utf-8' &&
      params.format === 'JSON' &&
      params.version === '1.0' &&
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(params.timestamp ?? '') &&
      createVerify('RSA-SHA256')
        .update(content(params, ['sign']), 'utf8')
        .verify(app.publicPem, params.sign ?? '', 'base64');
    if (url.pathname !== '/gateway.do' || !signed) {
      state.refused++;
      return reply({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
    }
    state.verified.push(method);
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const no = biz.out_trade_no ?? '';
    const trade = trades.get(no);
    const notFound = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    if (method === 'alipay.trade.precreate') {
      const valid =
        /^\d+\.\d{2}$/.test(biz.total_amount ?? '') && biz.subject && /^\d+m$/.test(biz.timeout_express ?? '');
      if (!valid) return reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER' });
      trades.set(no, {
        biz,
        notifyUrl: params.notify_url ?? '',
        scanned: false,
        status: 'WAIT_BUYER_PAY',
        tradeNo: '',
      });
      return reply({ code: '10000', msg: 'Success', out_trade_no: no, qr_code: qrCode(no) });
    }
    if (method === 'alipay.data.dataservice.bill.downloadurl.query') {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (biz.bill_type !== 'trade' || !bills.has(biz.bill_date ?? ''))
        return reply({ code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' });
      const link = `${base}/bill?date=${biz.bill_date}&token=${randomBytes(8).toString('hex')}`;
      return reply({ code: '10000', msg: 'Success', bill_download_url: link });
    }
    if (method === 'alipay.trade.close' && state.failClose)
      return reply({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR' });
    if (!trade?.scanned) {
      if (method === 'alipay.trade.close') state.closed.push(no);
      return reply(notFound);
    }
    if (method === 'alipay.trade.query') {
      return reply({
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: no,
        buyer_logon_id: '159****5620',
        trade_status: trade.status,
        total_amount: trade.biz.total_amount,
        buyer_pay_amount: trade.status === 'TRADE_SUCCESS' ? trade.biz.total_amount : '0.00',
      });
    }
    if (method === 'alipay.trade.refund' && state.refundSystemErrors > 0) {
      state.refundSystemErrors--;
      return reply({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR' });
    }
    if (method === 'alipay.trade.refund') {
      // out_request_no is what tells partial refunds apart; without it the request is the trade's one refund.
      const key = refundKey(no, biz.out_request_no || no);
      const seen = refunds.get(key);
      const total = fen(trade.biz.total_amount ?? '0');
      const refundedFen = () =>
        [...refunds.values()].filter((r) => r.outTradeNo === no).reduce((n, r) => n + fen(r.amount), 0);
      if (seen) seen.requests++;
      else {
        if (trade.status !== 'TRADE_SUCCESS')
          return reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' });
        if (!/^\d+\.\d{2}$/.test(biz.refund_amount ?? '') || fen(biz.refund_amount ?? '') <= 0)
          return reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER' });
        if (refundedFen() + fen(biz.refund_amount ?? '') > total)
          return reply({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
        refunds.set(key, { outTradeNo: no, amount: biz.refund_amount ?? '', requests: 1 });
        if (refundedFen() === total) trade.status = 'TRADE_CLOSED';
      }
      const fundChange = seen || state.fundChangeN ? 'N' : 'Y';
      state.fundChangeN = false;
      return reply({
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: no,
        buyer_logon_id: '159****5620',
        fund_change: fundChange,
        refund_fee: (refundedFen() / 100).toFixed(2),
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const r = refunds.get(refundKey(no, biz.out_request_no || no));
      // No refund by that number: Alipay answers success without a refund_status.
      if (!r) return reply({ code: '10000', msg: 'Success', out_trade_no: no });
      return reply({
        code: '10000',
        msg: 'Success',
        trade_no: trade.tradeNo,
        out_trade_no: no,
        out_request_no: biz.out_request_no || no,
        total_amount: trade.biz.total_amount,
        refund_amount: r.amount,
        refund_status: 'REFUND_SUCCESS',
      });
    }
    if (method === 'alipay.trade.close') {
      state.closed.push(no);
      trade.status = 'TRADE_CLOSED';
      return reply({ code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: no });
    }
    reply({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));

  const tradeOf = (orderNo: string) => {
    const t = trades.get(orderNo);
    if (!t) throw new Error(`fake has no trade ${orderNo}`);
    return t;
  };
  const scan = (orderNo: string) => {
    const t = tradeOf(orderNo);
    t.scanned = true;
    t.tradeNo = `2025010122001${randomBytes(4).toString('hex')}`;
  };

  return {
    state,
    app,
    alipay,
    trades,
    refunds,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
    /** The buyer scans the QR but has not paid yet. */
    scan,
    /** The buyer pays; no notify is sent by this alone. */
    pay(orderNo: string) {
      scan(orderNo);
      tradeOf(orderNo).status = 'TRADE_SUCCESS';
    },
    bills,
    /**
     * A refund made on Alipay's merchant site, asked without a request number: Alipay files it
     * under the order number (its refund query and bill name it so). A whole refund closes the trade.
     */
    refundAtSite(orderNo: string, amount: string) {
      const t = tradeOf(orderNo);
      refunds.set(refundKey(orderNo, orderNo), { outTradeNo: orderNo, amount, requests: 1 });
      if (fen(amount) === fen(t.biz.total_amount ?? '0')) t.status = 'TRADE_CLOSED';
    },
    /** The form body of Alipay's 异步通知 for a trade. */
    notify(orderNo: string, opts: AlipayNotifyOptions = {}): string {
      const t = tradeOf(orderNo);
      const amount = opts.totalAmount ?? t.biz.total_amount ?? '';
      const params: Record<string, string> = {
        gmt_create: '2025-01-01 10:00:00',
        charset: 'utf-8',
        gmt_payment: '2025-01-01 10:00:05',
        notify_time: '2025-01-01 10:00:06',
        subject: t.biz.subject ?? '',
        sign_type: opts.signType ?? 'RSA2',
        buyer_id: '2088102116773037',
        invoice_amount: amount,
        version: '1.0',
        notify_id: randomBytes(16).toString('hex'),
        fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
        notify_type: 'trade_status_sync',
        out_trade_no: orderNo,
        total_amount: amount,
        trade_status: opts.tradeStatus ?? 'TRADE_SUCCESS',
        trade_no: t.tradeNo || '2025010122001000000000',
        auth_app_id: opts.appId ?? APP_ID,
        receipt_amount: amount,
        point_amount: '0.00',
        app_id: opts.appId ?? APP_ID,
        buyer_pay_amount: amount,
        seller_id: SELLER_ID,
      };
      params.sign = sha256Sign(
        content(params, ['sign', 'sign_type']),
        opts.forge ? rsaPair().privatePem : alipay.privatePem,
      );
      if (opts.tamperAmount) params.total_amount = opts.tamperAmount;
      return new URLSearchParams(params).toString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeAlipay = Awaited<ReturnType<typeof startFakeAlipay>>;

export function alipayEnv(fake: FakeAlipay): Record<string, string> {
  return {
    PAY_PROVIDER: 'alipay',
    PUBLIC_ORIGIN: 'https://miaobi.example',
    // The WeChat login stays the sandbox, which a non-loopback origin must allow explicitly.
    ALLOW_SANDBOX: 'true',
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: fake.app.privatePem,
    ALIPAY_PUBLIC_KEY: fake.alipay.publicPem,
    ALIPAY_GATEWAY: fake.url,
  };
}

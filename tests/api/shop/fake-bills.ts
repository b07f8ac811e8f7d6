import { gzipSync } from 'node:zlib';
import { APPID, MCHID } from './wechatpay-merchant';

// WeChat Pay's trade bill (bill_type ALL) as its documents show it: a header, lines whose every
// value starts with a backtick, then the summary from 总交易单数 on.

const HEADER =
  '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,' +
  '应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,' +
  '手续费,费率,订单金额,申请退款金额,费率备注';

export interface WechatBillLine {
  orderNo: string;
  /** Fen paid (SUCCESS) or refunded (REFUND). */
  amount: number;
  refundNo?: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function wechatBill(lines: WechatBillLine[], opts: { gzip?: boolean } = {}): Buffer {
  const rows = lines.map((l, i) => {
    const refund = l.refundNo !== undefined;
    const v = [
      '2026-01-01 10:00:00',
      APPID,
      MCHID,
      '0',
      '',
      `42000${i}`,
      l.orderNo,
      'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      'NATIVE',
      refund ? 'REFUND' : 'SUCCESS',
      'OTHERS',
      'CNY',
      refund ? '0.00' : yuan(l.amount),
      '0.00',
      refund ? `50300${i}` : '0',
      refund ? l.refundNo : '0',
      refund ? yuan(l.amount) : '0.00',
      '0.00',
      refund ? 'ORIGINAL' : '',
      refund ? 'SUCCESS' : '',
      '月度会员',
      '',
      '0.00000',
      '0.60%',
      refund ? '0.00' : yuan(l.amount),
      refund ? yuan(l.amount) : '0.00',
      '',
    ];
    return v.map((x) => `\`${x}`).join(',');
  });
  const text = [
    HEADER,
    ...rows,
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    `\`${lines.length},\`0.00,\`0.00,\`0.00,\`0.00000,\`0.00,\`0.00`,
    '',
  ].join('\r\n');
  const file = Buffer.from(text, 'utf8');
  return opts.gzip ? gzipSync(file) : file;
}

import { gzipSync } from 'node:zlib';
import { expect } from 'vitest';
import { gbk, zip } from '../../fixtures/gbk-zip';
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

// Alipay's trade bill as alipay.data.dataservice.bill.downloadurl.query's link serves it: a zip of
// GBK CSV files, the detail file ('#' comment lines around a header) beside its summary.

const ALIPAY_HEADER =
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,' +
  '订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,' +
  '券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注';

export function alipayBill(date: string, lines: WechatBillLine[]): Buffer {
  const day = date.replaceAll('-', '');
  const rows = lines.map((l, i) => {
    const refund = l.refundNo !== undefined;
    const fen = refund ? `-${yuan(l.amount)}` : yuan(l.amount);
    const at = `${date} 10:00:0${i % 10}`;
    return [
      `2026010122001${String(i).padStart(6, '0')}\t`,
      `${l.orderNo}\t`,
      refund ? '退款' : '交易',
      '月度会员',
      at,
      at,
      '',
      '',
      '',
      '',
      'buyer@example.com',
      fen,
      fen,
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      l.refundNo ?? '',
      '0.00',
      '0.00',
      '',
    ].join(',');
  });
  const detail = [
    '#支付宝业务明细查询',
    '#账号：[20881234567890120156]',
    `#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    ALIPAY_HEADER,
    ...rows,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#导出时间：[${date} 09:00:00]`,
  ].join('\r\n');
  const summary = [
    '#支付宝业务汇总查询',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数',
    `,,${lines.length},0`,
  ].join('\r\n');
  return zip([
    [`20881234567890120156_${day}_业务明细(汇总).csv`, gbk(summary)],
    [`20881234567890120156_${day}_业务明细.csv`, gbk(detail)],
  ]);
}

export interface BillDiff {
  orderNo: string;
  kind: string;
}

interface BillOrder {
  orderNo: string;
  price: number;
}

/**
 * The differences either provider's bill test seeds: none for an order paid on both sides, one
 * `unpaidHere` for an order the bill says was paid, one `amount` for a bill line 100 fen above the order.
 * Returns the lookup of an order's differences, for what a test checks beside these.
 */
export function expectBillDiffs(
  diffs: BillDiff[],
  { good, missing, differs }: { good: BillOrder; missing: BillOrder; differs: BillOrder },
) {
  const about = (no: string) => diffs.filter((d) => d.orderNo === no);
  expect(about(good.orderNo)).toEqual([]);
  expect(about(missing.orderNo)).toEqual([expect.objectContaining({ kind: 'unpaidHere', billAmount: missing.price })]);
  expect(about(differs.orderNo)).toEqual([
    expect.objectContaining({ kind: 'amount', billAmount: differs.price + 100, ourAmount: differs.price }),
  ]);
  return about;
}

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BillError, parseAlipayBill, parseWechatBill, yuanTextToFen } from '../../src/server/providers/payment/bill';
import { gbk, zip } from '../fixtures/gbk-zip';

const ALIPAY_DETAIL = [
  '#支付宝业务明细查询',
  '#账号：[20881234567890120156]',
  '#起始日期：[2026年01月01日 00:00:00]   终止日期：[2026年01月02日 00:00:00]',
  '#-----------------------------------------业务明细列表----------------------------------------',
  '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
  '2026010122001400001\t,MBPAID0001\t,交易,月度会员,2026-01-01 10:00:00,2026-01-01 10:00:05,,,,,buyer@example.com,29.00,29.00,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,,-0.17,0.00,',
  '2026010122001400002\t,MBPAID0002\t,退款,月度会员,2026-01-01 11:00:00,2026-01-01 11:00:05,,,,,buyer@example.com,-14.50,-14.50,0.00,0.00,0.00,0.00,0.00,,0.00,0.00,RFOURS0001,0.09,0.00,',
  '#-----------------------------------------业务明细列表结束------------------------------------',
  '#交易合计：1笔，商家实收共29.00元，商家优惠共0.00元',
  '#导出时间：[2026年01月02日 09:00:00]',
].join('\r\n');
const ALIPAY_SUMMARY = ['#支付宝业务汇总查询', '门店编号,门店名称,交易订单总笔数,退款订单总笔数', ',,1,1'].join('\r\n');

describe('Alipay trade bill', () => {
  it('reads the detail file of the zip (GBK): payments and refunds in fen', () => {
    const file = zip([
      ['20881234567890120156_20260101_业务明细(汇总).csv', gbk(ALIPAY_SUMMARY)],
      ['20881234567890120156_20260101_业务明细.csv', gbk(ALIPAY_DETAIL)],
    ]);
    expect(parseAlipayBill(file)).toEqual([
      { orderNo: 'MBPAID0001', kind: 'payment', amount: 2900, tradeNo: '2026010122001400001' },
      { orderNo: 'MBPAID0002', kind: 'refund', amount: 1450, refundNo: 'RFOURS0001' },
    ]);
  });

  it('refuses a zip without a detail file, one that unpacks past its bound, and bytes that are no zip', () => {
    expect(() => parseAlipayBill(zip([['x.csv', gbk(ALIPAY_SUMMARY)]]))).toThrow(/no detail file/);
    const bomb = zip([['big.csv', Buffer.alloc(2_000_000, 0x20)]]);
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => parseAlipayBill(bomb, 1_000_000)).toThrow(BillError);
    expect(() => parseAlipayBill(Buffer.from('not a zip at all'))).toThrow(/does not unpack/);
  });
});

describe('WeChat Pay trade bill', () => {
  const csv = [
    '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注',
    '`2026-01-01 10:00:00,`wx1,`19,`0,`,`4200001,`MBW1,`o1,`NATIVE,`SUCCESS,`OTHERS,`CNY,`29.00,`0.00,`0,`0,`0.00,`0.00,`,`,`月度会员,`,`0.17400,`0.60%,`29.00,`0.00,`',
    '`2026-01-01 11:00:00,`wx1,`19,`0,`,`4200002,`MBW2,`o1,`NATIVE,`REFUND,`OTHERS,`CNY,`0.00,`0.00,`5030001,`RFW2,`14.50,`0.00,`ORIGINAL,`SUCCESS,`月度会员,`,`-0.08700,`0.60%,`0.00,`14.50,`',
    '总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额',
    '`2,`29.00,`14.50,`0.00,`0.08700,`29.00,`14.50',
  ].join('\r\n');
  const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

  it('checks the hash, unpacks gzip within its bound and reads the backticked lines', () => {
    const lines = [
      { orderNo: 'MBW1', kind: 'payment', amount: 2900, tradeNo: '4200001' },
      { orderNo: 'MBW2', kind: 'refund', amount: 1450, refundNo: 'RFW2' },
    ];
    const plain = Buffer.from(csv);
    expect(parseWechatBill(plain, { type: 'SHA1', value: sha1(plain).toUpperCase() })).toEqual(lines);
    const packed = gzipSync(plain);
    expect(parseWechatBill(packed, { type: 'SHA1', value: sha1(packed) })).toEqual(lines);
    expect(() => parseWechatBill(plain, { type: 'SHA1', value: sha1(packed) })).toThrow(/hash does not match/);
    expect(() => parseWechatBill(plain, { type: 'MD5', value: 'x' })).toThrow(/unknown hash_type/);
    const bomb = gzipSync(Buffer.alloc(2_000_000, 0x20));
    expect(() => parseWechatBill(bomb, { type: 'SHA1', value: sha1(bomb) }, 1_000_000)).toThrow(/does not unpack/);
  });

  it('reads yuan text exactly', () => {
    expect(['0.01', '29.00', '-14.50', '1', '3.5'].map(yuanTextToFen)).toEqual([1, 2900, -1450, 100, 350]);
    expect(['', '1.234', '1e3', 'abc'].map(yuanTextToFen)).toEqual([null, null, null, null]);
  });
});

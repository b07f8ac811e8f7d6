import { describe, expect, it } from 'vitest';
import { decideBuy } from '../../src/islands/shop/buy-decision';
import { ordersUrl } from '../../src/islands/shop/events';
import { benefitKey, isUnpaid, statusKey, yuan } from '../../src/islands/shop/format';
import { pageWindow } from '../../src/islands/shop/page-window';
import { readPayPush } from '../../src/islands/shop/pay-push';
import { productTypeFrom } from '../../src/islands/shop/product-types';
import { formatCountdown, formatTime } from '../../src/islands/shop/time';
import type { OrderInfo } from '../../src/shared/contract/shop';

const order = (orderStatus: number, payLink: string | null = 'http://127.0.0.1/pay/sandbox/MB1'): OrderInfo => ({
  orderNo: 'MB20260101000000ABCDEFGHJKLM',
  orderPrice: 2900,
  orderDesc: '月度会员',
  productCode: 'VIP_MONTH',
  productId: 2,
  productType: 1,
  productBenefit: 30,
  orderStatus,
  refundedAmount: 0,
  payLink,
  payLimitTime: 15,
  createDate: '2026-01-01T00:00:00.000Z',
  createTime: 1767225600000,
  expiresAt: '2026-01-01T00:15:00.000Z',
  updateTimestamp: 1767225600000,
});
const reply = (code: number, data: unknown = null, result = '', status = 200) =>
  ({ kind: 'reply', status, code, result, data }) as const;

describe('decideBuy (order creation, docs/reply-codes.md)', () => {
  it('asks a visitor, or an expired login, to log in', () => {
    expect(decideBuy(reply(1000001, null, '您还没有登录，请先登录'))).toEqual({ kind: 'login' });
    expect(decideBuy(reply(401, null, '登录已过期', 401))).toEqual({ kind: 'login' });
  });
  it('shows the unpaid twin of 100000304', () => {
    expect(decideBuy(reply(100000304, order(5)))).toEqual({ kind: 'pay', order: order(5), duplicate: true });
  });
  it("warns with the server's reason for 100000305", () => {
    expect(decideBuy(reply(100000305, null, '该商品每人限购 1 次'))).toEqual({
      kind: 'warn',
      text: '该商品每人限购 1 次',
    });
  });
  it('opens the pay dialog for status 5 and succeeds at once for status 9', () => {
    expect(decideBuy(reply(1000000, order(5)))).toEqual({ kind: 'pay', order: order(5), duplicate: false });
    expect(decideBuy(reply(1000000, order(9, null)))).toEqual({ kind: 'free', order: order(9, null) });
  });
  it('fails for any other answer, keeping a refusal text of the server', () => {
    expect(decideBuy(reply(1000000, order(2)))).toEqual({ kind: 'fail', text: null });
    expect(decideBuy(reply(1000000, order(5, null)))).toEqual({ kind: 'fail', text: null });
    expect(decideBuy(reply(1234, null, 'odd'))).toEqual({ kind: 'fail', text: null });
    expect(decideBuy(reply(429, null, '操作太频繁，请稍后再试', 429))).toEqual({
      kind: 'fail',
      text: '操作太频繁，请稍后再试',
    });
    expect(decideBuy({ kind: 'network' })).toEqual({ kind: 'network' });
  });
});

describe('readPayPush (docs/state-machines.md)', () => {
  it('ignores the connected notice, succeeds on 1000000 with status 1, fails on anything else', () => {
    expect(readPayPush({ code: 100000502 })).toBeNull();
    expect(readPayPush({ code: 1000000, data: { orderStatus: 1, orderDesc: '月度会员' } })).toEqual({
      paid: true,
      orderDesc: '月度会员',
    });
    expect(readPayPush({ code: 1000000, data: { orderStatus: 7, orderDesc: '月度会员' } })).toEqual({ paid: false });
    expect(readPayPush({ code: 1000000, data: { orderStatus: 6 } })).toEqual({ paid: false });
    expect(readPayPush({ code: 500 })).toEqual({ paid: false });
  });
});

describe('formatting', () => {
  it('shows fen as yuan with two decimals', () => {
    expect([yuan(2900), yuan(990), yuan(0), yuan(5)]).toEqual(['29.00', '9.90', '0.00', '0.05']);
  });
  it('names statuses 1–9 and leaves others blank', () => {
    expect(statusKey(1)).toBe('shop:status.1');
    expect(statusKey(9)).toBe('shop:status.9');
    expect([statusKey(10), statusKey(11)]).toEqual(['shop:status.10', 'shop:status.11']);
    expect([statusKey(0), statusKey(12), statusKey(1.5)]).toEqual([null, null, null]);
  });
  it('counts compositions for productType 4, days otherwise', () => {
    expect(benefitKey(4)).toBe('shop:product.compositions');
    expect(benefitKey(1)).toBe('shop:product.days');
    expect([isUnpaid(2), isUnpaid(5), isUnpaid(1), isUnpaid(6)]).toEqual([true, true, false, false]);
  });
  it('formats times and countdowns', () => {
    expect(formatTime('2026-03-04T05:06:07')).toBe('2026-03-04 05:06:07');
    expect(formatTime('2026-12-31T23:59:09')).toBe('2026-12-31 23:59:09');
    expect(formatTime('not a date')).toBe('');
    expect([formatCountdown(899_001), formatCountdown(-5), formatCountdown(3_600_000)]).toEqual([
      '15:00',
      '00:00',
      '1:00:00',
    ]);
  });
  it('reads the /product type query', () => {
    expect([productTypeFrom('4'), productTypeFrom(null), productTypeFrom('x'), productTypeFrom('0')]).toEqual([
      4,
      undefined,
      undefined,
      undefined,
    ]);
  });
  it('goes to /order with a random flag', () => {
    expect(ordersUrl(() => 0.123456789)).toMatch(/^\/order\?flag=[a-z0-9]+$/);
  });
});

describe('pageWindow', () => {
  it('keeps first, last and the neighbourhood, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, null, 12]);
  });
});

import { describe, expect, it } from 'vitest';
import { fenToYuan, rawObject, signContent, yuanToFen } from '../../src/server/providers/payment/alipay';

describe('Alipay amounts and signing text', () => {
  it('converts fen and yuan strings exactly', () => {
    const pairs = {
      0: '0.00',
      1: '0.01',
      10: '0.10',
      99: '0.99',
      990: '9.90',
      26800: '268.00',
      123456789: '1234567.89',
    };
    for (const [fen, yuan] of Object.entries(pairs)) {
      expect(fenToYuan(Number(fen))).toBe(yuan);
      expect(yuanToFen(yuan)).toBe(Number(fen));
    }
    expect(['0.1', '268', '1'].map(yuanToFen)).toEqual([10, 26800, 100]);
    for (const bad of ['', '1.234', '-1.00', '1e3', ' 1.00', '0x10', '1,00', 'NaN']) expect(yuanToFen(bad)).toBeNull();
    expect(() => fenToYuan(1.5)).toThrow();
  });

  it('finds the signed object text as sent', () => {
    const text = '{"a_response":{"s":"x}\\"{","n":{"k":1}},"sign":"abc"}';
    expect(rawObject(text, 'a_response')).toBe('{"s":"x}\\"{","n":{"k":1}}');
    expect(rawObject(text, 'b_response')).toBeNull();
  });

  it('sorts parameters by name and joins raw values', () => {
    const params = new URLSearchParams('total_amount=2.00&body=%E5%A4%A7%E4%B9%90%E9%80%8F+2.1&app_id=2015&a=x%26y');
    expect(signContent(params)).toBe('a=x&y&app_id=2015&body=大乐透 2.1&total_amount=2.00');
  });
});

import { describe, expect, it } from 'vitest';
import { microsToYuan, yuanToMicros } from '../../src/shared/micro-yuan';

describe('channel prices in yuan and micro-yuan', () => {
  it.each([
    ['0.0025', 2500],
    ['3', 3_000_000],
    ['12.5', 12_500_000],
    ['0.000001', 1],
    ['', 0],
    [' 1000 ', 1_000_000_000],
  ])('reads %j as %d micro-yuan', (text, micros) => {
    expect(yuanToMicros(text)).toBe(micros);
  });

  it.each(['0.0000001', '-1', '1e3', '1000.01', 'abc', '1,5'])('refuses %j', (text) => {
    expect(yuanToMicros(text)).toBeNull();
  });

  it('writes micro-yuan back without trailing zeros, the same amount again', () => {
    for (const micros of [0, 1, 2500, 3_000_000, 12_500_000, 999_999_999]) {
      expect(yuanToMicros(microsToYuan(micros))).toBe(micros);
    }
    expect(microsToYuan(2500)).toBe('0.0025');
    expect(microsToYuan(3_000_000)).toBe('3');
  });
});

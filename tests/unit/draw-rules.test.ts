import { describe, expect, it } from 'vitest';
import enDraw from '../../locales/en-US/drawing.json';
import zhDraw from '../../locales/zh-CN/drawing.json';
import twDraw from '../../locales/zh-TW/drawing.json';
import { isFinal, nextProgress, Progress, progressAfterPush, statusKey } from '../../src/islands/drawing/draw-rules';

describe('local progress (docs/state-machines.md)', () => {
  it('10 on submit, 20 accepted, 30 connected, then at least 50 and +10 per push up to 90', () => {
    expect([Progress.SUBMIT, Progress.ACCEPTED, Progress.CONNECTED]).toEqual([10, 20, 30]);
    const seen: number[] = [];
    let p: number = Progress.CONNECTED;
    for (let i = 0; i < 7; i++) {
      p = progressAfterPush(p);
      seen.push(p);
    }
    expect(seen).toEqual([50, 60, 70, 80, 90, 90, 90]);
    expect(progressAfterPush(20)).toBe(50);
  });

  it('status 10 sets 100; failures keep their place; running statuses follow the push rule', () => {
    expect(nextProgress(70, 10)).toBe(100);
    expect(nextProgress(70, 11)).toBe(70);
    expect(nextProgress(60, 12)).toBe(60);
    expect(nextProgress(60, 14)).toBe(60);
    expect(nextProgress(30, 13)).toBe(50);
    expect(nextProgress(50, 2)).toBe(60);
  });

  it('10, 11, 12 and 14 are final (they close the socket); 1, 2 and 13 are not', () => {
    expect([10, 11, 12, 14].every(isFinal)).toBe(true);
    expect([1, 2, 13].some(isFinal)).toBe(false);
  });
});

describe('status texts', () => {
  it('name every status in all three languages', () => {
    const expected: Record<number, string> = {
      1: '已提交',
      2: '绘制中',
      13: '合规检查中',
      10: '绘制完成',
      11: '绘制失败',
      12: '内容违规，绘制失败',
      14: '包含敏感信息，绘制失败',
    };
    for (const [status, text] of Object.entries(expected)) {
      const key = statusKey(Number(status)) as keyof typeof zhDraw;
      expect(zhDraw[key]).toBe(text);
      expect(enDraw[key]).toBeTruthy();
      expect(twDraw[key]).toBeTruthy();
    }
    expect(new Set([1, 2, 10, 11, 12, 13, 14].map(statusKey)).size).toBe(7);
    expect(statusKey(99)).toBe('status.drawing');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inSeparateTasks } from '../../src/lib/idle';

describe('inSeparateTasks (src/lib/idle.ts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs nothing at once, then one step per timer task, in order', () => {
    const ran: string[] = [];
    inSeparateTasks(
      () => ran.push('a'),
      () => ran.push('b'),
      () => ran.push('c'),
    );
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancel skips the steps not run yet and calls the cleanups the run ones returned', () => {
    const ran: string[] = [];
    const cancel = inSeparateTasks(
      () => () => ran.push('cleanup a'),
      () => ran.push('b'),
      () => () => ran.push('cleanup c'),
    );
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(['cleanup a']);
  });
});

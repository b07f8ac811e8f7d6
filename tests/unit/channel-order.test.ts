import { describe, expect, it } from 'vitest';
import { orderCandidates, weightedOrder } from '../../src/server/services/channels/order';
import type { ActiveChannel } from '../../src/server/services/channels/store';
import { seededRandom as seeded } from '../../src/shared/seeded-random';

const channel = (id: number, priority: number, weight: number, keys: number[]): ActiveChannel => ({
  id,
  kind: 'chat',
  flavour: 'openai',
  name: `c${id}`,
  baseUrl: 'http://x',
  priority,
  weight,
  models: [],
  keys: keys.map((k) => ({ id: k, secret: `s${k}`, cooldownUntil: null })),
});

describe('channel order', () => {
  it('within a priority, a channel comes first in proportion to its weight', () => {
    const rand = seeded(7);
    const items = [
      { id: 'a', weight: 6 },
      { id: 'b', weight: 3 },
      { id: 'c', weight: 1 },
    ];
    const first: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 10_000; i++) first[weightedOrder(items, rand)[0]?.id ?? ''] += 1;
    expect(first.a / 10_000).toBeCloseTo(0.6, 1);
    expect(first.b / 10_000).toBeCloseTo(0.3, 1);
    expect(first.c / 10_000).toBeCloseTo(0.1, 1);
  });

  it('higher priority first, every key of a channel before the next channel, cooling keys left out', () => {
    const now = Date.now();
    const channels = [channel(1, 0, 100, [11]), channel(2, 5, 1, [21, 22]), channel(3, 5, 1, [31])];
    const cooling = new Map([[22, { failures: 2, cooldownUntil: new Date(now + 60_000) }]]);
    for (let seed = 0; seed < 50; seed++) {
      const order = orderCandidates(channels, (id) => cooling.get(id), now, seeded(seed)).map((c) => c.key.id);
      expect(order).toHaveLength(3);
      expect(order.at(-1)).toBe(11);
      expect(order).not.toContain(22);
    }
  });

  it('with every key cooling, only the one whose cool-down ends first is offered', () => {
    const now = Date.now();
    const channels = [channel(1, 9, 1, [11]), channel(2, 0, 1, [21])];
    const until = new Map([
      [11, { failures: 3, cooldownUntil: new Date(now + 120_000) }],
      [21, { failures: 1, cooldownUntil: new Date(now + 30_000) }],
    ]);
    const order = orderCandidates(channels, (id) => until.get(id), now, seeded(1));
    expect(order.map((c) => [c.key.id, c.failures])).toEqual([[21, 1]]);
  });
});

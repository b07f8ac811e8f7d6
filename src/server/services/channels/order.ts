import type { ChannelTarget } from '../../providers/registry';
import type { ActiveChannel } from './store';

/** One (channel, key) pair to try. */
export interface Candidate {
  channel: ActiveChannel;
  key: { id: number; secret: string };
  /** The key's failures in a row when the request began (a success then resets them). */
  failures: number;
}

/** What the registry builds (or finds) the candidate's adapter from. */
export const targetOf = (c: Candidate): ChannelTarget => ({
  kind: c.channel.kind,
  flavour: c.channel.flavour,
  baseUrl: c.channel.baseUrl,
  secret: c.key.secret,
  models: c.channel.models.map((m) => m.id),
});

type KeyView = { failures: number; cooldownUntil: Date | null };

/**
 * Channels by weight without replacement: each gets rand^(1/weight) and the largest goes
 * first (Efraimidis–Spirakis), so over many requests a channel comes first in proportion
 * to its weight.
 */
export function weightedOrder<T extends { weight: number }>(items: T[], rand: () => number): T[] {
  return items
    .map((item) => ({ item, score: rand() ** (1 / Math.max(item.weight, 1)) }))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.item);
}

export function shuffle<T>(items: T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The order to try: higher priority first; within a priority channels in weighted random
 * order, each channel's keys shuffled; keys cooling down left out. When every key is cooling,
 * the one whose cool-down ends first is tried anyway rather than refusing the request.
 */
export function orderCandidates(
  channels: ActiveChannel[],
  state: (keyId: number) => KeyView | undefined,
  now: number,
  rand: () => number = Math.random,
): Candidate[] {
  const priorities = [...new Set(channels.map((c) => c.priority))].sort((a, b) => b - a);
  const warm: Candidate[] = [];
  const cooling: Array<Candidate & { until: number }> = [];
  for (const priority of priorities) {
    const group = weightedOrder(
      channels.filter((c) => c.priority === priority && c.keys.length > 0),
      rand,
    );
    for (const channel of group) {
      for (const key of shuffle(channel.keys, rand)) {
        const view = state(key.id);
        const until = (view ? view.cooldownUntil : key.cooldownUntil)?.getTime() ?? 0;
        const candidate = { channel, key: { id: key.id, secret: key.secret }, failures: view?.failures ?? 0 };
        if (until > now) cooling.push({ ...candidate, until });
        else warm.push(candidate);
      }
    }
  }
  if (warm.length > 0) return warm;
  const first = cooling.sort((a, b) => a.until - b.until)[0];
  return first ? [{ channel: first.channel, key: first.key, failures: first.failures }] : [];
}

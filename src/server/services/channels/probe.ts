import type { ModelChannel } from '../../db/schema';
import type { ProbeResult } from '../../providers/probe';
import type { Runtime } from '../../runtime';
import { channelForTest } from './store';

/**
 * The console's test of a stored channel with its first enabled key (docs/channels.md#test); the
 * calls themselves are the registry's prober's (providers/probe). `result` is null when the key
 * cannot be opened (sealed under another CHANNEL_KEY_SECRET): nothing is sent then.
 */
export async function testChannel(
  rt: Runtime,
  id: number,
): Promise<{ channel: ModelChannel; hasKey: boolean; result: ProbeResult | null }> {
  const { channel, secret, hasKey } = await channelForTest(rt, id);
  if (hasKey && secret === null) return { channel, hasKey, result: null };
  const result = await rt.registry.probe({
    kind: channel.kind,
    flavour: channel.flavour,
    baseUrl: channel.baseUrl,
    secret,
    models: channel.models.map((m) => m.id),
  });
  return { channel, hasKey, result };
}

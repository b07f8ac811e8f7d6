import { and, asc, eq } from 'drizzle-orm';
import type { ChannelFlavour, ChannelKind, ChannelModel } from '../../../shared/contract/channels';
import { channelKeys, modelChannels } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { channelBox } from './box';

/** An enabled channel with its enabled keys opened, as routing needs it. */
export interface ActiveChannel {
  id: number;
  kind: ChannelKind;
  flavour: ChannelFlavour;
  name: string;
  baseUrl: string;
  priority: number;
  weight: number;
  models: ChannelModel[];
  keys: { id: number; secret: string; cooldownUntil: Date | null }[];
}

/** Enabled channels of a kind with their enabled keys (read straight from the tables). */
export async function activeChannels(rt: Runtime, kind: ChannelKind): Promise<ActiveChannel[]> {
  const { db } = rt.database;
  const rows = await db
    .select({ channel: modelChannels, key: channelKeys })
    .from(modelChannels)
    .leftJoin(channelKeys, and(eq(channelKeys.channelId, modelChannels.id), eq(channelKeys.enabled, true)))
    .where(and(eq(modelChannels.kind, kind), eq(modelChannels.enabled, true)))
    .orderBy(asc(modelChannels.id), asc(channelKeys.id));
  const box = channelBox(rt);
  const byId = new Map<number, ActiveChannel>();
  for (const { channel: c, key } of rows) {
    let ch = byId.get(c.id);
    if (!ch) {
      ch = {
        id: c.id,
        kind: c.kind,
        flavour: c.flavour,
        name: c.name,
        baseUrl: c.baseUrl,
        priority: c.priority,
        weight: c.weight,
        models: c.models,
        keys: [],
      };
      byId.set(c.id, ch);
    }
    if (key) ch.keys.push({ id: key.id, secret: box.open(key.sealed), cooldownUntil: key.cooldownUntil });
  }
  return [...byId.values()];
}

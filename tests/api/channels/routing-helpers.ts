import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { channelKeys, modelChannels, usageLedger } from '../../../src/server/db/schema';
import { channelBox } from '../../../src/server/services/channels/box';
import type { ChannelFlavour, ChannelKind, ModelPrice } from '../../../src/shared/contract/channels';
import { ask } from '../chat/chat-helpers';
import { readEvents } from '../chat/fake-openai';
import type { TestServer } from '../helpers';

const text3 = (s: string) => ({ 'zh-CN': s, 'en-US': s, 'zh-TW': s });

/** Inserts a channel and its keys (sealed as the console seals them); returns their ids. */
export async function addChannel(
  srv: TestServer,
  c: {
    kind: ChannelKind;
    flavour: ChannelFlavour;
    name: string;
    baseUrl: string;
    priority?: number;
    weight?: number;
    models: ReadonlyArray<{ id: string; price?: Partial<ModelPrice> }>;
    keys: string[];
  },
) {
  const { db } = srv.runtime.database;
  const box = channelBox(srv.runtime);
  const [row] = await db
    .insert(modelChannels)
    .values({
      kind: c.kind,
      flavour: c.flavour,
      name: c.name,
      baseUrl: c.baseUrl,
      priority: c.priority ?? 0,
      weight: c.weight ?? 1,
      models: c.models.map((m) => ({
        id: m.id,
        name: text3(m.id),
        description: text3(''),
        levels: ['visitor', 'user', 'member'],
        vision: false,
        reasoning: false,
        contextTokens: 0,
        price: { inputPer1k: 0, outputPer1k: 0, perImage: 0, perSong: 0, ...m.price },
      })),
    })
    .returning();
  if (!row) throw new Error('no channel');
  const keys = await db
    .insert(channelKeys)
    .values(c.keys.map((k) => ({ channelId: row.id, sealed: box.seal(k), last4: k.slice(-4) })))
    .returning();
  return { id: row.id, keyIds: keys.map((k) => k.id) };
}

export async function keyRow(srv: TestServer, id: number) {
  const [row] = await srv.runtime.database.db.select().from(channelKeys).where(eq(channelKeys.id, id));
  if (!row) throw new Error(`no key ${id}`);
  return row;
}

/** Asks one question as a visitor and returns the answer's text and event names. */
export async function answer(srv: TestServer, model: string) {
  const events = await readEvents(await ask(srv, { prompt: 'hi', options: { model, usingContext: false } }));
  return {
    names: events.map((e) => e.event),
    text: events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join(''),
    error: events.find((e) => e.event === 'error')?.data,
  };
}

/** The one ledger row of a drawing or song, once written (it is written as the task ends). */
export async function ledgerRow(srv: TestServer, kind: 'drawing' | 'song' | 'video', taskId: string) {
  const rows = () =>
    srv.runtime.database.db
      .select()
      .from(usageLedger)
      .where(and(eq(usageLedger.kind, kind), eq(usageLedger.taskId, taskId)));
  await expect.poll(rows).toHaveLength(1);
  return (await rows())[0];
}

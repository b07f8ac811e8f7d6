import { channelKeys, modelChannels } from '../../../src/server/db/schema';
import { channelBox } from '../../../src/server/services/channels/box';
import type { TestServer } from '../helpers';

const text3 = (s: string) => ({ 'zh-CN': s, 'en-US': s, 'zh-TW': s });

/** A chat channel at `baseUrl` serving models with the given capabilities, open to every level. */
export async function addChatChannel(
  srv: TestServer,
  baseUrl: string,
  models: Array<{ id: string; vision: boolean; contextTokens: number }>,
) {
  const { db } = srv.runtime.database;
  const [row] = await db
    .insert(modelChannels)
    .values({
      kind: 'chat',
      flavour: 'openai',
      name: 'Attachments',
      baseUrl,
      priority: 0,
      weight: 1,
      models: models.map((m) => ({
        ...m,
        name: text3(m.id),
        description: text3(''),
        levels: ['visitor', 'user', 'member'],
        reasoning: false,
        price: { inputPer1k: 0, outputPer1k: 0, perImage: 0, perSong: 0 },
      })),
    })
    .returning();
  if (!row) throw new Error('no channel');
  await db
    .insert(channelKeys)
    .values({ channelId: row.id, sealed: channelBox(srv.runtime).seal('sk-attach'), last4: 'tach' });
}

/** Uploads one file as multipart; answers the status and the parsed reply. */
export async function upload(srv: TestServer, file: { name: string; bytes: Buffer; type?: string }, token?: string) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  const res = await fetch(`${srv.url}/api/chat/attachments`, {
    method: 'POST',
    headers: { cookie: 'lang=en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

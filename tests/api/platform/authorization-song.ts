// The song kind of the authorization matrix (tests/api/platform/authorization-kinds.ts).
import { eq } from 'drizzle-orm';
import { pushChannels, songs } from '../../../src/server/db/schema';
import { publishSong } from '../../../src/server/services/music/tasks';
import type { TestServer } from '../helpers';
import type { OwnedKind, User } from './authorization-kinds';

let seq = 0;
/** The task id of each server's one composed song. */
const composed = new WeakMap<TestServer, string>();

/** Submits a song and waits until the worker has finished it, so the snapshot does not move under the worker. */
async function compose(srv: TestServer, owner: User): Promise<string> {
  const res = await srv.call(
    'POST',
    '/api/music/submit',
    { mode: 'inspiration', prompt: `私人歌曲 ${++seq}` },
    owner.headers,
  );
  const id = res.body.data?.id as string | undefined;
  if (!id) throw new Error(`song not submitted: ${JSON.stringify(res.body)}`);
  // Within the hook's 60 s: composing takes seconds, more on a busy machine.
  const until = Date.now() + 50_000;
  while (Date.now() < until) {
    const detail = await srv.call('GET', `/api/music/detail?id=${id}`, undefined, owner.headers);
    if (detail.body.data?.status >= 10) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('song did not finish');
}

export const song: OwnedKind = {
  name: 'song (private)',
  routes: [
    '/api/music/submit',
    '/api/music/detail',
    '/api/music/delete',
    '/api/music/visibility',
    '/api/music/list/mine',
  ],
  // One song per server goes through the offline composer (seconds of CPU), before the tests; every object of
  // the matrix is a copy of that finished row (and its push channel) under a new task id, owned by its creator.
  async prepare(srv, owner) {
    composed.set(srv, await compose(srv, owner));
  },
  async create(srv, owner) {
    const db = srv.runtime.database.db;
    const [row] = await db
      .select()
      .from(songs)
      .where(eq(songs.taskId, composed.get(srv) ?? ''));
    if (!row) throw new Error('no composed song: prepare runs first');
    const { id: _id, ...copy } = row;
    const taskId = `${row.taskId}-copy${++seq}`;
    await db.insert(songs).values({ ...copy, taskId, userId: owner.id, prompt: `私人歌曲 ${seq}` });
    // Its push channel too, as a submission registers it (tests/api/music/music.test.ts checks that registration).
    const [channel] = await db.select().from(pushChannels).where(eq(pushChannels.taskId, row.taskId));
    if (!channel) throw new Error('the composed song has no push channel');
    await db.insert(pushChannels).values({ ...channel, taskId, userId: owner.id });
    return { id: taskId, owner: owner.id };
  },
  snapshot: (srv, obj) => srv.runtime.database.db.select().from(songs).where(eq(songs.taskId, obj.id)),
  read: (srv, obj, who) => srv.call('GET', `/api/music/detail?id=${obj.id}`, undefined, who.headers),
  change: (srv, obj, who) => srv.call('POST', '/api/music/visibility', { id: obj.id, isPublic: true }, who.headers),
  delete: (srv, obj, who) => srv.call('POST', '/api/music/delete', { id: obj.id }, who.headers),
  ownerCan: ['read', 'change'],
  async listedFor(srv, who, obj) {
    const res = await srv.call('POST', '/api/music/list/mine', { pageNum: 1, pageSize: 50 }, who.headers);
    return ((res.body.data?.records ?? []) as Array<{ id: string }>).some((s) => s.id === obj.id);
  },
  push: {
    taskId: (obj) => obj.id,
    async trigger(srv, obj) {
      const [row] = await srv.runtime.database.db.select().from(songs).where(eq(songs.taskId, obj.id));
      if (row) await publishSong(srv.runtime, row, row.status, row.progress);
    },
  },
};

// The song kind of the authorization matrix (tests/api/platform/authorization-kinds.ts).
import { eq } from 'drizzle-orm';
import { songs } from '../../../src/server/db/schema';
import { publishSong } from '../../../src/server/services/music/tasks';
import type { TestServer } from '../helpers';
import type { OwnedKind, User } from './authorization-kinds';

let seq = 0;
/** The task id of each server's one composed song. */
const finished = new WeakMap<TestServer, Promise<string>>();

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
  for (let i = 0; i < 400; i++) {
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
  async create(srv, owner) {
    // One song per server goes through the offline composer (seconds of CPU); every other object of the
    // matrix is a copy of that finished row under a new task id, owned the same way.
    const composed = finished.get(srv);
    if (composed) {
      const db = srv.runtime.database.db;
      const [row] = await db
        .select()
        .from(songs)
        .where(eq(songs.taskId, await composed));
      if (!row) throw new Error('composed song is gone');
      const { id: _id, ...copy } = row;
      const taskId = `${row.taskId}-copy${++seq}`;
      await db.insert(songs).values({ ...copy, taskId, userId: owner.id, prompt: `私人歌曲 ${seq}` });
      return { id: taskId, owner: owner.id };
    }
    const first = compose(srv, owner);
    finished.set(srv, first);
    return { id: await first, owner: owner.id };
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

// The knowledge-base kinds of the authorization matrix (tests/api/platform/authorization-kinds.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import { knowledgeBases, knowledgeChunks, knowledgeFiles, siteSettings } from '../../../src/server/db/schema';
import { pushFile } from '../../../src/server/services/knowledge/files';
import { forgetSettings } from '../../../src/server/services/site-settings';
import type { TestServer } from '../helpers';
import type { Owned, OwnedKind, User } from './authorization-kinds';

let seq = 0;

/** A base holding one ingested file; the id is `baseId/fileId/channel`. */
async function makeBase(srv: TestServer, owner: User): Promise<Owned> {
  const base = await srv.call('POST', '/api/knowledge/bases', { name: `私人知识库 ${++seq}` }, owner.headers);
  const baseId = base.body.data?.id as number | undefined;
  if (!baseId) throw new Error(`base not created: ${JSON.stringify(base.body)}`);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('只有主人能读到的段落。')]), 'private.txt');
  const res = await fetch(`${srv.url}/api/knowledge/bases/${baseId}/files`, {
    method: 'POST',
    headers: owner.headers,
    body: form,
  });
  const fileId = ((await res.json()) as { data?: { id: number } }).data?.id;
  if (!fileId) throw new Error('file not added');
  // Ingested first, so the snapshot does not move under the worker.
  for (let i = 0; i < 400; i++) {
    const [row] = await srv.runtime.database.db
      .select({ status: knowledgeFiles.status })
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, fileId));
    if (row?.status === 'ready') return { id: `${baseId}/${fileId}/${base.body.data.channel}`, owner: owner.id };
    await sleep(50);
  }
  throw new Error('file was not ingested');
}

/** Each test makes a base of its own: more than a non-member's default allows. */
async function roomForBases(srv: TestServer) {
  await srv.runtime.database.db
    .insert(siteSettings)
    .values({ key: 'KNOWLEDGE_BASES_USER', value: 100 })
    .onConflictDoNothing();
  await forgetSettings(srv.runtime);
}

const parts = (obj: Owned) => {
  const [baseId, fileId, channel] = obj.id.split('/');
  return { baseId: Number(baseId), fileId: Number(fileId), channel: channel ?? '' };
};

async function snapshot(srv: TestServer, obj: Owned) {
  const { baseId } = parts(obj);
  const { db } = srv.runtime.database;
  return {
    base: await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, baseId)),
    files: await db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.baseId, baseId))
      .orderBy(asc(knowledgeFiles.id)),
    chunks: await db
      .select({ id: knowledgeChunks.id, text: knowledgeChunks.text })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.baseId, baseId))
      .orderBy(asc(knowledgeChunks.id)),
  };
}

const routes = [
  '/api/knowledge/bases',
  '/api/knowledge/bases/{id}',
  '/api/knowledge/bases/{id}/files',
  '/api/knowledge/bases/{id}/files/{fileId}',
  '/api/knowledge/bases/{id}/search',
];

export const knowledgeBase: OwnedKind = {
  name: 'knowledge base',
  routes,
  prepare: roomForBases,
  create: makeBase,
  snapshot,
  read: (srv, obj, who) => srv.call('GET', `/api/knowledge/bases/${parts(obj).baseId}/files`, undefined, who.headers),
  change: (srv, obj, who) =>
    srv.call('PATCH', `/api/knowledge/bases/${parts(obj).baseId}`, { name: '改名' }, who.headers),
  delete: (srv, obj, who) => srv.call('DELETE', `/api/knowledge/bases/${parts(obj).baseId}`, undefined, who.headers),
  ownerCan: ['read', 'change'],
  async listedFor(srv, who, obj) {
    const res = await srv.call('GET', '/api/knowledge/bases', undefined, who.headers);
    return ((res.body.data?.bases ?? []) as Array<{ id: number }>).some((b) => b.id === parts(obj).baseId);
  },
  push: {
    taskId: (obj) => parts(obj).channel,
    async trigger(srv, obj) {
      const [row] = await srv.runtime.database.db
        .select()
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.id, parts(obj).fileId));
      if (row) await pushFile(srv.runtime, row);
    },
  },
};

export const knowledgeFile: OwnedKind = {
  name: 'knowledge file',
  routes,
  prepare: roomForBases,
  create: makeBase,
  snapshot,
  read: (srv, obj, who) =>
    srv.call('POST', `/api/knowledge/bases/${parts(obj).baseId}/search`, { query: '段落' }, who.headers),
  change: (srv, obj, who) =>
    srv.call('POST', `/api/knowledge/bases/${parts(obj).baseId}/files`, { url: 'https://example.com/' }, who.headers),
  delete: (srv, obj, who) => {
    const { baseId, fileId } = parts(obj);
    return srv.call('DELETE', `/api/knowledge/bases/${baseId}/files/${fileId}`, undefined, who.headers);
  },
  ownerCan: ['read', 'delete'],
};

import { setTimeout as sleep } from 'node:timers/promises';
import type { KnowledgeFile } from '../../../src/shared/contract/knowledge';
import type { TestServer } from '../helpers';

export interface Member {
  id: number;
  token: string;
  headers: Record<string, string>;
}

export const en = (who: Member) => ({ ...who.headers, cookie: 'lang=en-US' });

export async function createBase(srv: TestServer, who: Member, name: string): Promise<{ id: number; channel: string }> {
  const res = await srv.call('POST', '/api/knowledge/bases', { name }, who.headers);
  if (res.status !== 200 || !res.body.data?.id) throw new Error(`base not created: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Uploads one file as multipart; answers the status and the parsed reply. */
export async function uploadFile(
  srv: TestServer,
  who: Member | null,
  baseId: number,
  file: { name: string; bytes: Buffer | string },
  lang = 'en-US',
) {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes;
  form.append('file', new Blob([new Uint8Array(bytes)]), file.name);
  const res = await fetch(`${srv.url}/api/knowledge/bases/${baseId}/files`, {
    method: 'POST',
    headers: { cookie: `lang=${lang}`, ...(who ? who.headers : {}) },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** Waits until the file is ready or failed (the worker runs in the background). */
export async function settled(srv: TestServer, who: Member, baseId: number, fileId: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await srv.call('GET', `/api/knowledge/bases/${baseId}/files`, undefined, en(who));
    const file = (res.body.data?.files as KnowledgeFile[] | undefined)?.find((f) => f.id === fileId);
    if (file && (file.status === 'ready' || file.status === 'failed')) return file;
    await sleep(50);
  }
  throw new Error(`file ${fileId} did not settle`);
}

/** Uploads and waits for the outcome. */
export async function addAndSettle(
  srv: TestServer,
  who: Member,
  baseId: number,
  file: { name: string; bytes: Buffer | string },
) {
  const res = await uploadFile(srv, who, baseId, file);
  if (res.status !== 200) throw new Error(`upload refused: ${JSON.stringify(res.body)}`);
  return settled(srv, who, baseId, res.body.data.id);
}

export async function search(srv: TestServer, who: Member, baseId: number, query: string, limit = 5) {
  const res = await srv.call('POST', `/api/knowledge/bases/${baseId}/search`, { query, limit }, en(who));
  if (res.status !== 200) throw new Error(`search refused: ${JSON.stringify(res.body)}`);
  return res.body.data as {
    mode: 'keyword' | 'hybrid';
    passages: Array<{ fileName: string; page: number | null; text: string; score: number; fileId: number }>;
  };
}

import { expect } from 'vitest';
import { submit, waitForStatus } from '../drawing/draw-helpers';
import type { TestServer } from '../helpers';
import { inspiration, waitForSong } from '../music/music-helpers';

type Headers = Record<string, string>;

/** A finished public picture of the user: its square id and image URL. */
export async function publicPicture(srv: TestServer, headers: Headers, prompt: string) {
  const done = await waitForStatus(srv, headers, (await submit(srv, headers, { prompt })).id);
  expect(done.status).toBe(10);
  return { id: done.id as string, imageUrl: (done.imageUrl as string).split('?')[0] as string };
}

/** A finished public song of the user. */
export async function publicSong(srv: TestServer, headers: Headers, prompt: string) {
  const id = (await srv.call('POST', '/api/music/submit', inspiration(prompt, { isPublic: true }), headers)).body.data
    .id as string;
  await waitForSong(srv, id, headers);
  return id;
}

/** A published app of the user. */
export async function publishedApp(srv: TestServer, headers: Headers, title: string) {
  const res = await srv.call(
    'POST',
    '/api/app/create',
    { promptTitle: title, promptContent: 'You help.', iconUrl: 'emoji:🛟', published: true },
    headers,
  );
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return String(res.body.data.id);
}

/** Sends a report; `ip` picks the client address (the server trusts X-Forwarded-For in these tests). */
export function report(srv: TestServer, body: Record<string, unknown>, opts: { headers?: Headers; ip?: string } = {}) {
  const headers: Headers = { ...(opts.headers ?? {}) };
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  return srv.call('POST', '/api/report', body, headers);
}

/** A console action on a reported item. */
export function act(srv: TestServer, cookie: string, kind: string, id: string, action: string, requestId?: string) {
  return srv.call(
    'POST',
    '/api/admin/reports/act',
    { kind, id, action, reason: `test ${action}`, requestId: requestId ?? crypto.randomUUID() },
    { cookie },
  );
}

import type { ReportKind } from '../../../shared/moderation-reports';

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Every video's task id begins so (services/video/submit.ts), a drawing's never does. */
const VIDEO_PREFIX = 'video_';

/**
 * The public item an address on this site names, for a takedown: a square picture
 * (`/square/<task id>`), a shared conversation (`/share/<id>`), a song (`/songsDetail?id=`) or a
 * video (`/video?id=<task id>`, or `/square/<task id>`: a video's task id starts with `video_`).
 * Apps have no address of their own (the store lists them): the operator names one by its number.
 * Anything else — another site, free text — names nothing.
 */
export function targetOf(address: string, origin: string): { kind: ReportKind; id: string } | null {
  let url: URL;
  try {
    url = new URL(address.trim(), origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const [, first, second, extra] = url.pathname.split('/');
  if (extra === undefined && second && ID.test(second)) {
    if (first === 'square') return { kind: second.startsWith(VIDEO_PREFIX) ? 'video' : 'drawing', id: second };
    if (first === 'share') return { kind: 'share', id: second };
  }
  const byId = url.searchParams.get('id');
  if (url.pathname === '/songsDetail' && byId && ID.test(byId)) return { kind: 'song', id: byId };
  if (url.pathname === '/video' && byId?.startsWith(VIDEO_PREFIX) && ID.test(byId)) return { kind: 'video', id: byId };
  return null;
}

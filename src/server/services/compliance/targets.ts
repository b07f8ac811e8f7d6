import type { ReportKind } from '../../../shared/moderation-reports';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The public item an address on this site names, for a takedown: a square picture
 * (`/square/<task id>`), a shared conversation (`/share/<id>`) or a song (`/songsDetail?id=`).
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
    if (first === 'square') return { kind: 'drawing', id: second };
    if (first === 'share') return { kind: 'share', id: second };
  }
  const song = url.searchParams.get('id');
  if (url.pathname === '/songsDetail' && song && ID.test(song)) return { kind: 'song', id: song };
  return null;
}

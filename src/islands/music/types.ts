import type { Song } from '../../shared/contract/music';
import { SongStatus } from '../../shared/music';

/** Reply shapes and status codes of the music API, shared with the server. */
export type { MusicQuota, Song } from '../../shared/contract/music';
export { SongStatus };

export const isRunning = (s: Pick<Song, 'status'>) => s.status < SongStatus.DONE;

/** Where the composition packs are sold (productType 4). */
export const PACKS_URL = '/product?type=4';
export const SONG_PAGE_SIZE = 20;

export const detailUrl = (id: string) => `/songsDetail?id=${encodeURIComponent(id)}`;

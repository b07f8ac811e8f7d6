/** A song as the /api/music calls return it (src/server/api/music/music.routes.ts). */
export interface Song {
  id: string;
  mode: string;
  title: string;
  tags: string;
  prompt: string;
  lyrics: string;
  instrumental: boolean;
  isPublic: boolean;
  status: number;
  progress: number;
  audioUrl: string | null;
  coverUrl: string | null;
  duration: number | null;
  meta: { key?: string; bpm?: number; mood?: string; style?: string };
  label: string;
  provider: string;
  createdAt: string;
  finishedAt: string | null;
  mine: boolean;
}

export interface MusicQuota {
  balance: number;
  freeLimit: number;
  freeUsed: number;
  freeLeft: number;
  total: number;
  member: boolean;
  cost: number;
  resetsAt: string;
}

/** Song task status: 1–3 running, 10 done, 11 failed. */
export const SongStatus = { QUEUED: 1, COMPOSING: 2, RENDERING: 3, DONE: 10, FAILED: 11 } as const;

export const isRunning = (s: Pick<Song, 'status'>) => s.status < SongStatus.DONE;

/** Where the composition packs are sold (productType 4). */
export const PACKS_URL = '/product?type=4';
export const SONG_PAGE_SIZE = 20;

export const detailUrl = (id: string) => `/songsDetail?id=${encodeURIComponent(id)}`;

import { get, post } from '../../lib/api';
import type { SongInput } from '../../shared/contract/music';

export type { SongInput as ComposeInput } from '../../shared/contract/music';

export const submitSong = (input: SongInput) => post('/music/submit', input);
export const listMine = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  post('/music/list/mine', { pageNum, pageSize }, { signal, silent: true });
export const listPublic = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  post('/music/list/public', { pageNum, pageSize }, { signal, silent: true });
export const songDetail = (id: string) => get('/music/detail', { id }, { silent: true });
export const deleteSong = (id: string) => post('/music/delete', { id });
export const setVisibility = (id: string, isPublic: boolean) => post('/music/visibility', { id, isPublic });
export const writeLyrics = (prompt: string) => post('/music/lyrics', { prompt });
export const readQuota = () => get('/music/quota', undefined, { silent: true });

import { get, type PageData, post } from '../../lib/api';
import type { MusicQuota, Song } from './types';

export interface ComposeInput {
  mode: 'inspiration' | 'custom';
  prompt: string;
  title: string;
  tags: string;
  lyrics: string;
  instrumental: boolean;
  isPublic: boolean;
}

/** The exhausted answer: code 429 with the quota and the link to the composition packs. */
export interface Exhausted {
  quota: MusicQuota;
  link: string;
}

export const submitSong = (input: ComposeInput) => post<Song | Exhausted>('/music/submit', input);
export const listMine = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  post<PageData<Song>>('/music/list/mine', { pageNum, pageSize }, { signal, silent: true });
export const listPublic = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  post<PageData<Song>>('/music/list/public', { pageNum, pageSize }, { signal, silent: true });
export const songDetail = (id: string) => get<Song>('/music/detail', { id }, { silent: true });
export const deleteSong = (id: string) => post<null>('/music/delete', { id });
export const setVisibility = (id: string, isPublic: boolean) => post<Song>('/music/visibility', { id, isPublic });
export const writeLyrics = (prompt: string) => post<{ title: string; lyrics: string }>('/music/lyrics', { prompt });
export const readQuota = () => get<MusicQuota>('/music/quota', undefined, { silent: true });

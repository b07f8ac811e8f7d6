import { get, type InputOf, post } from '../../lib/api';

/** What the compose form sends: every field filled in (the schema defaults the ones it may omit). */
export type ComposeInput = Required<InputOf<'POST', '/music/submit'>>;

export const submitSong = (input: ComposeInput) => post('/music/submit', input);
export const listMine = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  post('/music/list/mine', { pageNum, pageSize }, { signal, silent: true });
export const listPublic = (pageNum: number, pageSize: number, signal?: AbortSignal) =>
  post('/music/list/public', { pageNum, pageSize }, { signal, silent: true });
export const songDetail = (id: string) => get('/music/detail', { id }, { silent: true });
export const deleteSong = (id: string) => post('/music/delete', { id });
export const setVisibility = (id: string, isPublic: boolean) => post('/music/visibility', { id, isPublic });
export const writeLyrics = (prompt: string) => post('/music/lyrics', { prompt });
export const readQuota = () => get('/music/quota', undefined, { silent: true });

import { get, post } from '../../lib/api';
import type { VideoInput } from '../../shared/contract/video';

export type { Video, VideoExhausted, VideoInput, VideoQuota } from '../../shared/contract/video';

export const submitVideo = (input: VideoInput) => post('/video/submit', input);
export const retryVideo = (id: string) => post('/video/retry', { id });
export const listMine = (pageNum: number, pageSize: number) =>
  post('/video/list/mine', { pageNum, pageSize }, { silent: true });
export const videoDetail = (id: string) => get('/video/detail', { id }, { silent: true });
export const deleteVideo = (id: string) => post('/video/delete', { id });
export const setVisibility = (id: string, isPublic: boolean) => post('/video/visibility', { id, isPublic });
export const readQuota = () => get('/video/quota', undefined, { silent: true });

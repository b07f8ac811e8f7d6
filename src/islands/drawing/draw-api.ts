import { type ApiResult, get, type InputOf, type PageData, post } from '../../lib/api';
import type { DrawingMessage, DrawQuota, PublicPicture } from '../../shared/contract/drawing';

/** Reply shapes of the drawing API, shared with the server. */
export type { DrawingMessage, DrawQuota, PublicPicture };
/** What POST /api/sd/submit/action accepts. */
export type ActionRequest = InputOf<'POST', '/sd/submit/action'>;

/** What both lists show in a card or the viewer. */
export type Picture = PublicPicture | DrawingMessage;

/** What the drawing forms send; the hook fields are the API's, not theirs. */
export type SubmitParams = Omit<InputOf<'POST', '/sd/submit/imagine'>, 'notifyHook' | 'state'>;

/** Submit: `{code, result, mjChatMessage}`; 1000000 is success (docs/api.md). */
export function submitDrawing(params: SubmitParams) {
  return post('/api/sd/submit/imagine', { base64Array: [], notifyHook: '', state: '', ...params });
}

/** A new task acting on a finished picture (upscale, vary, zoom…); replies like a submit. */
export function submitAction(body: ActionRequest) {
  return post('/api/sd/submit/action', body);
}

/** Runs a failed task of the caller again, as a new task; replies like a submit. */
export function retryDrawing(id: string) {
  return post('/api/sd/retry', { id });
}

export interface ListQuery {
  pageNum: number;
  pageSize: number;
  content?: string;
  /** The last picture's id shown so far: the square pages after it by keyset (deep pages stay fast). */
  cursor?: string;
  signal?: AbortSignal;
}

const listBody = (q: ListQuery) => ({
  pageNum: q.pageNum,
  pageSize: q.pageSize,
  orderNo: '',
  content: q.content ?? '',
});

export function listPublic(q: ListQuery): Promise<ApiResult<PageData<PublicPicture>>> {
  const body = q.cursor ? { ...listBody(q), cursor: q.cursor } : listBody(q);
  return post('/api/sd/list/picture', body, { signal: q.signal, silent: true });
}

export function listMine(q: ListQuery): Promise<ApiResult<PageData<DrawingMessage>>> {
  return post('/api/sd/list/user/picture', listBody(q), { signal: q.signal, silent: true });
}

export function listRunning(): Promise<ApiResult<DrawingMessage[]>> {
  return post('/api/sd/list/user/drawing', { pageNum: 1, pageSize: 10, orderNo: '', content: '' }, { silent: true });
}

export function fetchTask(id: string): Promise<ApiResult<DrawingMessage>> {
  return post('/api/sd/task', { id }, { silent: true });
}

export function deleteDrawing(id: string): Promise<ApiResult<null>> {
  return post('/api/sd/delete', { id });
}

/** 1: public (the square), 2: private. */
export function setVisibility(id: string, drawPublicFlag: 1 | 2): Promise<ApiResult<DrawingMessage>> {
  return post('/api/sd/visibility', { id, drawPublicFlag });
}

export function fetchQuota(): Promise<ApiResult<DrawQuota>> {
  return get('/api/sd/quota', undefined, { silent: true });
}

/** The settings line of a picture, e.g. "16:9 · 1024×576 · 20". */
export function isMine(p: Picture): p is DrawingMessage {
  return 'status' in p;
}

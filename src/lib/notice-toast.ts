/**
 * The site announcement (docs/api.md, notice 6) as a 10-second toast, on every
 * page: load it, show it unless the reply is 1000701, then mark it read.
 * Visitors keep their read flag in local storage. Framework-free and small:
 * plain fetch, no API client (which would bring every locale).
 */

import { ANNOUNCEMENT_NOTICE_ID } from '../shared/activity-codes';
import { Code } from '../shared/codes';
import { getToken } from '../stores/auth';
import { showToast } from './toast';

export const NOTICE_TOAST_MS = 10_000;
const flagKey = (id: number) => `miaobi:notice-read:${id}`;

interface NoticeReply {
  code: number;
  data: { noticeId: number; content: string; revision: number } | null;
}

function call<R = NoticeReply>(path: string, token: string | undefined): Promise<R> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return fetch(`/api/notice/${path}`, { method: 'POST', headers }).then((r) => r.json() as Promise<R>);
}

function readFlag(id: number): number {
  try {
    return Number(localStorage.getItem(flagKey(id)) ?? 0);
  } catch {
    return 0;
  }
}

function writeFlag(id: number, revision: number) {
  try {
    localStorage.setItem(flagKey(id), String(revision));
  } catch {
    // Private mode without storage: the notice may show again next time.
  }
}

/** Shows notice `id` once; resolves to whether it was shown. Failures are only logged (docs/reply-codes.md). */
export async function showNotice(id = ANNOUNCEMENT_NOTICE_ID): Promise<boolean> {
  const token = getToken();
  try {
    const loaded = await call(`load?noticeId=${id}`, token);
    if (loaded.code === Code.NOTICE_READ || loaded.code !== Code.OK || !loaded.data) return false;
    const { content, revision } = loaded.data;
    if (!token && readFlag(id) >= revision) return false;
    showToast('info', content, NOTICE_TOAST_MS);
    if (!token) writeFlag(id, revision);
    await call(`push?noticeId=${id}`, token);
    return true;
  } catch (err) {
    console.warn('notice', err);
    return false;
  }
}

/** The logged-in user's own notices (a late payment honoured …), each shown once; resolves to how many. */
export async function showUserNotices(): Promise<number> {
  const token = getToken();
  if (!token) return 0;
  try {
    const mine = await call<{ code: number; data: { id: number; content: string }[] | null }>('mine', token);
    if (mine.code !== Code.OK || !mine.data) return 0;
    for (const n of mine.data) {
      showToast('info', n.content, NOTICE_TOAST_MS);
      await call(`mine/read?id=${n.id}`, token);
    }
    return mine.data.length;
  } catch (err) {
    console.warn('notice', err);
    return 0;
  }
}

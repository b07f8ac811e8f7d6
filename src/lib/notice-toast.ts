/**
 * The site announcements (docs/api.md: notice 6 and those made in the console)
 * as 10-second toasts, on every page: load the caller's current ones, show
 * each, then mark it read.
 * Visitors keep their read flag in local storage. Framework-free and small:
 * plain fetch, no API client (which would bring every locale).
 */

import { Code } from '../shared/codes';
import type { Notice, UserNotice } from '../shared/contract/activity';
import { getToken } from '../stores/auth';
import { showToast } from './toast';

export const NOTICE_TOAST_MS = 10_000;
const flagKey = (id: number) => `miaobi:notice-read:${id}`;

/** The reply of /api/notice/announcements (or, with the type given, /mine), typed by the contract. */
interface NoticeReply<T = Notice> {
  code: number;
  data: T[] | null;
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

/** Shows each current announcement once; resolves to how many were shown. Failures are only logged (docs/reply-codes.md). */
export async function showAnnouncements(): Promise<number> {
  const token = getToken();
  try {
    const loaded = await call('announcements', token);
    if (loaded.code !== Code.OK || !loaded.data) return 0;
    let shown = 0;
    for (const { noticeId, content, revision } of loaded.data) {
      if (!token && readFlag(noticeId) >= revision) continue;
      showToast('info', content, NOTICE_TOAST_MS);
      shown++;
      if (!token) writeFlag(noticeId, revision);
      await call(`push?noticeId=${noticeId}`, token);
    }
    return shown;
  } catch (err) {
    console.warn('notice', err);
    return 0;
  }
}

/** The logged-in user's own notices (a late payment honoured …), each shown once; resolves to how many. */
export async function showUserNotices(): Promise<number> {
  const token = getToken();
  if (!token) return 0;
  try {
    const mine = await call<NoticeReply<UserNotice>>('mine', token);
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

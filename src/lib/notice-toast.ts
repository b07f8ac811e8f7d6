/**
 * The site announcements (docs/api.md: notice 6 and those made in the console)
 * as 10-second toasts, on every page: load the caller's current ones, show
 * each, then mark it read.
 * Visitors keep their read flag in local storage. Framework-free, through the
 * typed client (its texts load only when a call fails), silent: a failure is
 * only logged.
 */

import { getToken } from '../stores/auth';
// The client itself, not the lib/api index: a page that loads the index on demand keeps it whole.
import { post, postQuery } from './api/client';
import { showToast } from './toast';

export const NOTICE_TOAST_MS = 10_000;
const flagKey = (id: number) => `miaobi:notice-read:${id}`;
const silent = { silent: true };

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
  const loaded = await post('/notice/announcements', undefined, silent);
  if (loaded.kind !== 'reply') {
    console.warn('notice', loaded.kind);
    return 0;
  }
  let shown = 0;
  for (const { noticeId, content, revision } of loaded.data) {
    if (!token && readFlag(noticeId) >= revision) continue;
    showToast('info', content, NOTICE_TOAST_MS);
    shown++;
    if (!token) writeFlag(noticeId, revision);
    await postQuery('/notice/push', { noticeId }, silent);
  }
  return shown;
}

/** The logged-in user's own notices (a late payment honoured …), each shown once; resolves to how many. */
export async function showUserNotices(): Promise<number> {
  if (!getToken()) return 0;
  const mine = await post('/notice/mine', undefined, silent);
  if (mine.kind !== 'reply') {
    console.warn('notice', mine.kind);
    return 0;
  }
  for (const n of mine.data) {
    showToast('info', n.content, NOTICE_TOAST_MS);
    await postQuery('/notice/mine/read', { id: n.id }, silent);
  }
  return mine.data.length;
}

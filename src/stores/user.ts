import { atom, onMount } from 'nanostores';
import { get } from '../lib/api';
import type { UserInfo } from '../shared/contract/account';
import type { UserLog } from '../shared/contract/shop';
import { getToken } from './auth';

/** User info, as GET /api/user/info returns it (dates are ISO strings; docs/api.md). */
export type { UserInfo };

export type UserState =
  | { status: 'anonymous' }
  | { status: 'loading' }
  | { status: 'ready'; user: UserInfo }
  | { status: 'failed'; message: string };

/** The logged-in user; loads on first subscriber when a token exists. */
export const $user = atom<UserState>({ status: 'anonymous' });

let pending: Promise<UserInfo | null> | undefined;

/**
 * Fetches the user for the stored token (docs/state-machines.md: after login the page
 * reloads, which loads user data). A 401 makes the API client drop the token
 * and reload. "Log data" is also loaded when vipType is null.
 */
export function loadUser(): Promise<UserInfo | null> {
  if (!getToken()) {
    $user.set({ status: 'anonymous' });
    return Promise.resolve(null);
  }
  // Deferred a tick: reading $user mounts it, and its onMount would call us again before `pending` is set.
  pending ??= Promise.resolve()
    .then(fetchUser)
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

async function fetchUser(): Promise<UserInfo | null> {
  if ($user.get().status !== 'ready') $user.set({ status: 'loading' });
  const result = await get('/user/info', undefined, { silent: true });
  if (result.kind === 'reply') {
    $user.set({ status: 'ready', user: result.data });
    if (result.data.vipType === null) void loadLog();
    return result.data;
  }
  if (!getToken()) {
    $user.set({ status: 'anonymous' });
    return null;
  }
  const message = result.kind === 'business' ? result.result : result.kind === 'text' ? '' : result.message;
  $user.set({ status: 'failed', message });
  return null;
}

/** Log store: the avatar and whether the user has ever ordered (orders and products screens read it; docs/routes-and-screens.md). */
export const $log = atom<UserLog | null>(null);

async function loadLog(): Promise<void> {
  const result = await get('/user/log', undefined, { silent: true });
  if (result.kind === 'reply') $log.set(result.data);
}

/** Replaces the user with a fresher copy (profile edits answer with one). */
export function setUser(user: UserInfo): void {
  $user.set({ status: 'ready', user });
}

onMount($user, () => {
  if ($user.get().status === 'anonymous' && getToken()) void loadUser();
});

/**
 * Framework-free part of the account entry, on every page with the layout.
 * With a token, the page load loads the user (docs/state-machines.md: the reload after
 * login loads user data); a revoked or expired token answers 401, which
 * makes the API client drop it and reload the page as a visitor's (docs/reply-codes.md).
 * The user store and API client download only for logged-in visitors; the
 * header's account control (components/AccountControl.astro) shows what they load.
 */
import { getToken } from '../../stores/auth';
import type { UserInfo } from '../../stores/user';

/** YYYY-MM-DD in the visitor's time zone, as the profile shows it. */
function day(value: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** The later end of the two tiers the user holds, or null without membership. */
export function membershipEnd(user: UserInfo): Date | null {
  const ends = [user.vipType !== null ? user.endDate : null, user.plusType !== null ? user.endDatePlus : null].flatMap(
    (value) => (value ? [new Date(value)] : []),
  );
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

function show(control: HTMLElement, user: UserInfo): void {
  const text = (key: string, date?: Date) => (control.dataset[key] ?? '').replace('{date}', date ? day(date) : '');
  const end = membershipEnd(user);
  const membership = !end
    ? text('memberNone')
    : end < new Date()
      ? text('memberExpired', end)
      : text('memberUntil', end);
  const name = control.querySelector<HTMLElement>('[data-account-name]');
  const state = control.querySelector<HTMLElement>('[data-account-membership]');
  const avatar = control.querySelector<HTMLImageElement>('[data-account-avatar]');
  control.querySelector('[data-account-entry]')?.classList.add('sr-only');
  if (name) {
    name.textContent = user.nickname;
    name.hidden = false;
  }
  if (state) {
    state.textContent = membership;
    state.hidden = false;
  }
  if (avatar && user.avatarUrl) {
    avatar.src = user.avatarUrl;
    avatar.hidden = false;
  }
}

export function initAccountEntry(): void {
  if (!getToken()) return;
  void import('../../stores/user').then(({ $user, loadUser }) => {
    $user.subscribe((state) => {
      if (state.status !== 'ready') return;
      for (const control of document.querySelectorAll<HTMLElement>('[data-account-control]')) show(control, state.user);
    });
    return loadUser();
  });
}

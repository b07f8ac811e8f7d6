/**
 * Framework-free part of the account entry, on every page with the layout.
 * With a token, the page load loads the user (docs/state-machines.md: the reload after
 * login loads user data); a revoked or expired token answers 401, which
 * makes the API client drop it and reload the page as a visitor's (docs/reply-codes.md).
 * The user store and API client download only for logged-in visitors.
 */
import { getToken } from '../../stores/auth';

export function initAccountEntry(): void {
  if (!getToken()) return;
  void import('../../stores/user').then(({ loadUser }) => loadUser());
}

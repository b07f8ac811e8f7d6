/**
 * Framework-free part of the account entry, on every page with the layout.
 * With a token, the page load loads the user (SPEC §4: the reload after
 * login loads user data); a revoked or expired token answers 401, which
 * makes the API client drop it and reload the page as a visitor's (SPEC §8).
 * The user store and API client download only for logged-in visitors.
 */
import { getToken } from '../../stores/auth';

export function initAccountEntry(): void {
  if (!getToken()) return;
  void import('../../stores/user').then(({ loadUser }) => loadUser());
}

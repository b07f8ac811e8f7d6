import { persistentAtom } from '@nanostores/persistent';
import { forgetAccountData } from './account-data';

/** Local key of the login token, a plain string without expiry (docs/routes-and-screens.md). */
export const TOKEN_KEY = 'SECRET_TOKEN';

/**
 * The login token, in memory and in local storage. Read from storage at start-up;
 * a login or logout in another tab reaches this one while the store is mounted.
 * `undefined` means logged out (persistent deletes the key for it).
 */
export const $token = persistentAtom<string | undefined>(TOKEN_KEY, undefined);

export function getToken(): string | undefined {
  // An empty string left by older code is no token either.
  return $token.get() || undefined;
}

export function setToken(token: string): void {
  if (token === '') {
    removeToken();
    return;
  }
  $token.set(token);
}

/** Ends the login on this browser, and with it what the account kept here (stores/account-data.ts). */
export function removeToken(): void {
  const had = getToken() !== undefined;
  $token.set(undefined);
  if (had) forgetAccountData();
}

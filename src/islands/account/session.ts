import type { ApiResult } from '../../lib/api';
import { toast } from '../../lib/toast';
import { removeToken, setToken } from '../../stores/auth';
import { failureText } from './account-api';

/** Long enough to read the success toast before the page reloads. */
const RELOAD_DELAY_MS = 700;

function reloadSoon(): void {
  setTimeout(() => location.reload(), RELOAD_DELAY_MS);
}

/** Store the token, then reload, which loads the user's data (docs/state-machines.md). */
export function finishLogin(token: string, message: string): void {
  setToken(token);
  toast.success(message);
  reloadSoon();
}

/** Forgets the session locally and starts over as a visitor. */
export function finishLogout(message: string): void {
  removeToken();
  toast.success(message);
  reloadSoon();
}

/**
 * Shows a failure the API client has not shown: business codes reach the
 * caller silently, HTTP and network problems were already toasted.
 */
export function reportFailure(result: ApiResult<unknown>, fallback: string): void {
  if (result.kind === 'business' || result.kind === 'text') toast.error(failureText(result) || fallback);
}

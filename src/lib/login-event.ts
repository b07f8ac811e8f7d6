/** Window event asking the login dialog to open; the dialog (loaded on demand) listens for it. */
export const OPEN_LOGIN_EVENT = 'miaobi:open-login';

/**
 * Dispatched by the dialog once it listens for OPEN_LOGIN_EVENT;
 * mountOnEvent (src/lib/event-mount.ts) then re-sends the event that woke it up.
 */
export const OPEN_LOGIN_READY_EVENT = `${OPEN_LOGIN_EVENT}:ready`;

export const LOGIN_TABS = ['wechat', 'phone', 'password', 'register', 'reset', 'bind', 'bindPhone'] as const;
/**
 * The four tabs of docs/routes-and-screens.md, the reset dialog, and (logged in) the profile's e-mail
 * or phone binding (the phone gate asks for 'bindPhone').
 */
export type LoginTab = (typeof LOGIN_TABS)[number];

/** What to show. Logged-in visitors get their profile whatever is asked. */
export interface LoginRequest {
  tab?: LoginTab;
  /** Pre-fills the e-mail field of that tab. */
  email?: string;
  /** Pre-fills the code (the e-mailed link carries it). */
  code?: string;
}

declare global {
  interface WindowEventMap {
    [OPEN_LOGIN_EVENT]: CustomEvent<LoginRequest | null>;
  }
}

export function isLoginTab(value: unknown): value is LoginTab {
  return typeof value === 'string' && (LOGIN_TABS as readonly string[]).includes(value);
}

/** Opens the profile's phone binding: the answer of a gated route (code PHONE_REQUIRED). */
export function openBindPhone(): void {
  openLogin({ tab: 'bindPhone' });
}

/** Asks the login dialog to open, from any island or plain script. */
export function openLogin(request?: LoginRequest): void {
  window.dispatchEvent(new CustomEvent(OPEN_LOGIN_EVENT, { detail: request ?? null }));
}

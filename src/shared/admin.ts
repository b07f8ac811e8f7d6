/** The console session cookie (HttpOnly); pages and the API both read it. */
export const CONSOLE_COOKIE = 'mb_console';

/** Console roles and reply codes (docs/console.md), shared by server and console islands. */
export const ROLES = ['user', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['operator', 'admin'];

export const AdminCode = {
  /** Two-factor sign-in is required (enrol or verify) before this console route answers. */
  TOTP_REQUIRED: 1001601,
  /** The action is sensitive: send a fresh TOTP code with it. */
  TOTP_AGAIN: 1001602,
} as const;

/** Membership kinds the console can grant: plain membership days, plus tier days, compositions. */
export const GRANT_KINDS = ['vip', 'plus', 'compositions'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** Dashboard periods in days. */
export const PERIODS = [1, 7, 30] as const;

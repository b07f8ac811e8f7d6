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
  /** The target account is out of the actor's reach: its own, or a console account for an operator. */
  OUT_OF_REACH: 1001603,
} as const;

/** Membership kinds the console can grant: plain membership days, plus tier days, compositions. */
export const GRANT_KINDS = ['vip', 'plus', 'compositions'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** Dashboard periods in days. */
export const PERIODS = [1, 7, 30] as const;

/** An account as the console's hierarchy sees it. */
export interface Ranked {
  id: number;
  role: Role;
}

/**
 * The console's hierarchy (docs/console.md, "Roles and the door"): nobody acts
 * on their own account (membership, quotas and balance included: another admin
 * must); an operator acts on plain users only; an admin on every other account,
 * other admins included, so a compromised admin can be stopped and an admin's
 * own membership changed by a peer. Answers the refusal's message key, or null.
 * The server's guard (services/admin/hierarchy.ts) and the user page both ask it.
 */
export function reachRefusal(actor: Ranked, target: Ranked): 'admin:reach.self' | 'admin:reach.staff' | null {
  if (actor.id === target.id) return 'admin:reach.self';
  if (actor.role === 'admin') return null;
  if (actor.role === 'operator' && target.role === 'user') return null;
  return 'admin:reach.staff';
}

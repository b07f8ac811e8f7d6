import type { Context, Next } from 'hono';
import { getCookie } from 'hono/cookie';
import { AdminCode, CONSOLE_COOKIE } from '../../../shared/admin';
import { DomainError } from '../../errors';
import type { Actor } from '../../services/admin/audit';
import { type ConsoleUser, consoleUser, hidden, totpFresh } from '../../services/admin/console-session';
import { checkTotp } from '../../services/admin/totp';
import type { ApiEnv } from '../context';

export { CONSOLE_COOKIE };

/** Console routes that answer before TOTP is verified in the session. */
const BEFORE_TOTP = new Set([
  '/api/admin/me',
  '/api/admin/logout',
  '/api/admin/totp/enrol',
  '/api/admin/totp/confirm',
  '/api/admin/totp/verify',
]);

const users = new WeakMap<Request, ConsoleUser>();

/**
 * The one check in front of every /api/admin route: a live console session
 * of a console role (else 404, as for a path that does not exist), then a
 * TOTP verified in it within the last half hour (else 403). Roles above
 * operator are asked by the route itself (requireAdmin).
 */
export async function consoleGuard(c: Context<ApiEnv>, next: Next) {
  if (c.req.path === '/api/admin/session') return next();
  const user = await consoleUser(c.get('runtime').database.db, getCookie(c, CONSOLE_COOKIE));
  if (!user) throw hidden();
  if (!BEFORE_TOTP.has(c.req.path) && !totpFresh(user))
    throw new DomainError(AdminCode.TOTP_REQUIRED, 'admin:totp.required', { status: 403 });
  users.set(c.req.raw, user);
  await next();
}

export function consoleOf(c: Context<ApiEnv>): ConsoleUser {
  const user = users.get(c.req.raw);
  if (!user) throw hidden();
  return user;
}

/** Admin-only actions: an operator is told no (it knows the console exists). */
export function requireAdmin(c: Context<ApiEnv>): ConsoleUser {
  const user = consoleOf(c);
  if (user.role !== 'admin') throw new DomainError(403, 'admin:forbidden', { status: 403 });
  return user;
}

export function actorOf(c: Context<ApiEnv>): Actor {
  const user = consoleOf(c);
  return { userId: user.userId, email: user.email, ip: c.get('ip') };
}

/**
 * A sensitive action (role, price, settings, refund, deletion) checks a fresh code now, whatever the
 * session's verification: a wrong one answers 403 with code 1001602; a code just used answers so
 * ('admin:totp.reused', not counted as wrong).
 */
export async function requireFreshCode(c: Context<ApiEnv>, code: string | undefined): Promise<void> {
  const user = consoleOf(c);
  if (!code) throw new DomainError(AdminCode.TOTP_AGAIN, 'admin:totp.again', { status: 403 });
  try {
    await checkTotp(c.get('runtime'), { userId: user.userId, code, ip: c.get('ip') });
  } catch (err) {
    if (err instanceof DomainError && err.status === 400) {
      const key = err.messageKey === 'admin:totp.reused' ? err.messageKey : 'admin:totp.again';
      throw new DomainError(AdminCode.TOTP_AGAIN, key, { status: 403 });
    }
    throw err;
  }
}

import { deleteCookie, setCookie } from 'hono/cookie';
import { bearer } from '../../services/account/auth';
import { auditCsv, listAudit, writeAudit } from '../../services/admin/audit';
import {
  CONSOLE_SESSION_MS,
  closeConsoleSession,
  openConsoleSession,
  totpFresh,
} from '../../services/admin/console-session';
import { checkRange, dashboard, lastDays } from '../../services/admin/dashboard';
import { checkTotp, isEnrolled, markVerified, startEnrolment } from '../../services/admin/totp';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './admin.routes';
import { dayRange } from './console-kit';
import { actorOf, CONSOLE_COOKIE, consoleGuard, consoleOf } from './guard';

/** The site settings page: site-wide, several domains read them (services/site-settings.ts). */
export { registerAdminSettings } from './settings';

/**
 * The operator console's own API (docs/console.md): its session, TOTP, dashboard and audit log, behind
 * the console guard. Each domain's console routes live with the domain and are registered after it.
 */
export function registerAdmin(app: ApiApp) {
  app.use('/admin/*', consoleGuard);

  app.openapi(r.openSession, async (c) => {
    const rt = c.get('runtime');
    const token = await openConsoleSession(rt.database.db, bearer(c.req.header('authorization')));
    setCookie(c, CONSOLE_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: rt.env.PUBLIC_ORIGIN.startsWith('https:'),
      path: '/',
      maxAge: CONSOLE_SESSION_MS / 1000,
    });
    return reply(c, {});
  });

  app.openapi(r.me, async (c) => {
    const user = consoleOf(c);
    const enrolled = await isEnrolled(c.get('runtime').database.db, user.userId);
    return reply(c, { id: user.userId, email: user.email, role: user.role, enrolled, verified: totpFresh(user) });
  });

  app.openapi(r.closeSession, async (c) => {
    await closeConsoleSession(c.get('runtime').database.db, consoleOf(c).sessionId);
    deleteCookie(c, CONSOLE_COOKIE, { path: '/' });
    return reply(c, null);
  });

  app.openapi(r.enrol, async (c) => {
    const user = consoleOf(c);
    const rt = c.get('runtime');
    return reply(c, await startEnrolment(rt.database.db, { id: user.userId, email: user.email }, 'Miaobi'));
  });

  for (const [route, enrolling] of [
    [r.confirm, true],
    [r.verifyTotp, false],
  ] as const) {
    app.openapi(route, async (c) => {
      const user = consoleOf(c);
      const rt = c.get('runtime');
      await checkTotp(rt, { userId: user.userId, code: c.req.valid('json').code, ip: c.get('ip'), enrolling });
      await markVerified(rt.database.db, user.sessionId);
      await writeAudit(rt.database.db, actorOf(c), { action: enrolling ? 'totp.enrol' : 'totp.verify' });
      return reply(c, null);
    });
  }

  app.openapi(r.dashboard, async (c) => {
    const rt = c.get('runtime');
    const q = c.req.valid('query');
    const zone = rt.env.SITE_TIME_ZONE;
    // A chosen range needs both ends; otherwise the last `days` site days.
    const range = q.from && q.to ? checkRange(q.from, q.to) : lastDays(Number(q.days), zone);
    return reply(c, await dashboard(rt.database.db, range, zone));
  });

  app.openapi(r.audit, async (c) => {
    const { pageNum, pageSize, ...q } = c.req.valid('query');
    return reply(c, await listAudit(c.get('runtime').database.db, filter(q), pageNum, pageSize));
  });

  app.openapi(r.auditCsv, async (c) => {
    const csv = await auditCsv(c.get('runtime').database.db, filter(c.req.valid('query')));
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="audit.csv"',
    });
  });
}

function filter(q: { action?: string; actor?: string; targetId?: string; from?: string; to?: string }) {
  return {
    action: q.action || undefined,
    actor: q.actor || undefined,
    targetId: q.targetId || undefined,
    ...dayRange(q),
  };
}

import type { NoticeBody } from '../../../shared/contract/activity-console';
import { batchCsv, disableBatch, generateBatch, listBatches, listCodes } from '../../services/activity/console-codes';
import { createNotice, listNotices, type NoticeInput, updateNotice } from '../../services/activity/console-notices';
import { noticeVars } from '../../services/activity/notices';
import { invalidatePages } from '../../services/pages/channel';
import { actorOf, requireAdmin } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

/** Body of a notice form to what the service stores. */
function noticeInput(b: NoticeBody): NoticeInput {
  return {
    kind: b.kind,
    page: b.kind === 'banner' ? b.page : null,
    content: b.content,
    audience: b.audience,
    startsAt: b.startsAt ? new Date(b.startsAt) : null,
    endsAt: b.endsAt ? new Date(b.endsAt) : null,
    enabled: b.enabled,
  };
}

/** The console's experience codes (admins) and notices (operators and admins) (docs/console.md). */
export function registerActivityConsole(app: ApiApp) {
  app.openapi(r.generateCodes, async (c) => {
    requireAdmin(c);
    const batch = await generateBatch(c.get('runtime').database.db, actorOf(c), c.req.valid('json'));
    return reply(c, batch ? { applied: true, ...batch } : { applied: false });
  });

  app.openapi(r.listBatches, async (c) => {
    requireAdmin(c);
    const { pageNum, pageSize } = c.req.valid('query');
    return reply(c, await listBatches(c.get('runtime').database.db, pageNum, pageSize));
  });

  app.openapi(r.listCodes, async (c) => {
    requireAdmin(c);
    const { pageNum, pageSize, redeemed, ...q } = c.req.valid('query');
    const filter = { ...q, redeemed: redeemed || undefined };
    return reply(c, await listCodes(c.get('runtime').database.db, filter, pageNum, pageSize));
  });

  app.openapi(r.batchCsv, async (c) => {
    requireAdmin(c);
    const { id } = c.req.valid('param');
    const csv = await batchCsv(c.get('runtime').database.db, actorOf(c), id);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="codes-${id}.csv"`,
      'cache-control': 'no-store',
    });
  });

  app.openapi(r.disableBatch, async (c) => {
    requireAdmin(c);
    const { reason, requestId } = c.req.valid('json');
    const db = c.get('runtime').database.db;
    const done = await disableBatch(db, actorOf(c), c.req.valid('param').id, reason, requestId);
    return reply(c, done ? { applied: true, ...done } : { applied: false });
  });

  app.openapi(r.listNotices, async (c) => {
    const rt = c.get('runtime');
    return reply(c, { notices: await listNotices(rt.database.db), vars: await noticeVars(rt) });
  });

  app.openapi(r.createNotice, async (c) => {
    const body = c.req.valid('json');
    const rt = c.get('runtime');
    const notice = await createNotice(rt.database.db, actorOf(c), noticeInput(body), body.requestId);
    // Banners are part of cached pages.
    if (notice) await invalidatePages(rt);
    return reply(c, notice ? { applied: true, notice } : { applied: false });
  });

  app.openapi(r.updateNotice, async (c) => {
    const body = c.req.valid('json');
    const rt = c.get('runtime');
    const notice = await updateNotice(
      rt.database.db,
      actorOf(c),
      c.req.valid('param').id,
      noticeInput(body),
      body.requestId,
    );
    if (notice) await invalidatePages(rt);
    return reply(c, notice ? { applied: true, notice } : { applied: false });
  });
}

import { checkReach } from '../../services/admin/hierarchy';
import {
  closeComplaint,
  complaintDetail,
  complaintQueue,
  replyToComplaint,
  takedownFromComplaint,
} from '../../services/compliance/complaint-desk';
import { fileComplaint, lookupComplaint } from '../../services/compliance/complaints';
import { complianceInfo } from '../../services/compliance/operator';
import { allowUnlabelled, unlabelledLog, unlabelledOwner, useUnlabelled } from '../../services/compliance/unlabelled';
import { actorOf, requireFreshCode } from '../admin/guard';
import type { ApiApp } from '../context';
import { attachment } from '../download';
import { reply } from '../errors';
import * as complaint from './complaint.routes';
import * as desk from './console.routes';
import * as info from './info.routes';
import * as unlabelled from './unlabelled.routes';

/** The public side of compliance (docs/compliance.md): the label's operator and the complaint desk. */
export function registerCompliance(app: ApiApp) {
  app.openapi(info.info, async (c) => reply(c, await complianceInfo(c.get('runtime'))));

  app.openapi(complaint.file, async (c) =>
    reply(c, await fileComplaint(c.get('runtime'), { ip: c.get('ip'), lang: c.get('lang') }, c.req.valid('json'))),
  );

  app.openapi(complaint.status, async (c) =>
    reply(c, await lookupComplaint(c.get('runtime'), c.get('ip'), c.req.valid('json'))),
  );

  app.openapi(unlabelled.use, async (c) =>
    attachment(c, await useUnlabelled(c.get('runtime'), c.req.valid('param').key, c.get('ip'))),
  );
}

/** The console's complaint queue and unlabelled downloads: registered after the console guard, under /api/admin. */
export function registerComplianceConsole(app: ApiApp) {
  // The hierarchy is asked before a TOTP code is spent; allowUnlabelled asks again.
  app.openapi(unlabelled.allow, async (c) => {
    const rt = c.get('runtime');
    const { code, ...body } = c.req.valid('json');
    const actor = actorOf(c);
    await checkReach(rt.database.db, actor, await unlabelledOwner(rt, body), 'unlabelled.allow', body.reason);
    await requireFreshCode(c, code);
    return reply(c, await allowUnlabelled(rt, actor, body));
  });

  app.openapi(unlabelled.log, async (c) => reply(c, await unlabelledLog(c.get('runtime'), c.req.valid('query'))));

  app.openapi(desk.queue, async (c) => reply(c, await complaintQueue(c.get('runtime'), c.req.valid('query'))));

  app.openapi(desk.detail, async (c) => reply(c, await complaintDetail(c.get('runtime'), c.req.valid('param').id)));

  app.openapi(desk.reply, async (c) => {
    const applied = await replyToComplaint(c.get('runtime'), actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return reply(c, { applied });
  });

  app.openapi(desk.close, async (c) => {
    const applied = await closeComplaint(c.get('runtime'), actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return reply(c, { applied });
  });

  app.openapi(desk.takedown, async (c) => {
    const rt = c.get('runtime');
    const applied = await takedownFromComplaint(rt, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return reply(c, { applied });
  });
}

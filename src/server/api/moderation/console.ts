import { decideReview, reviewQueue } from '../../services/moderation/review-queue';
import { revertWordList, saveWordList, wordListHistory } from '../../services/moderation/words';
import { actorOf } from '../admin/guard';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './console.routes';

/** The console's review queue and word list (docs/console.md): operators and admins. */
export function registerModerationConsole(app: ApiApp) {
  app.openapi(r.queue, async (c) => reply(c, await reviewQueue(c.get('runtime'))));

  app.openapi(r.decide, async (c) => {
    const done = await decideReview(c.get('runtime'), actorOf(c), c.req.valid('json'));
    return reply(c, done ? { applied: true, ...done } : { applied: false });
  });

  app.openapi(r.words, async (c) => reply(c, await wordListHistory(c.get('runtime'))));

  app.openapi(r.saveWords, async (c) => {
    const { words, reason, requestId } = c.req.valid('json');
    const version = await saveWordList(c.get('runtime'), actorOf(c), words, reason, requestId);
    return reply(c, { applied: version !== null, version });
  });

  app.openapi(r.revertWords, async (c) => {
    const { id, reason, requestId } = c.req.valid('json');
    const version = await revertWordList(c.get('runtime'), actorOf(c), id, reason, requestId);
    return reply(c, { applied: version !== null, version });
  });
}

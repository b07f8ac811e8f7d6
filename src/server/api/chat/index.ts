import { chatModelsFor } from '../../services/channels/offer';
import { webSearchAvailable } from '../../services/chat/citations';
import { readQuota } from '../../services/chat/quota';
import { readAloudAvailable } from '../../services/chat/read-aloud';
import { streamChat } from '../../services/chat/stream';
import { transcriptionAvailable } from '../../services/chat/transcribe';
import { viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import { sseReply } from '../sse';
import { registerAttachments } from './attachments';
import * as r from './chat.routes';
import { registerConversations } from './conversations';
import { registerShares } from './shares';
import { registerTranscribe } from './transcribe';

type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];

/** Visitors chat too: no token is a visitor (counted by IP), a dead token still answers 401. */
async function caller(c: C) {
  const userId = viewerOf(c);
  return { userId, ip: c.get('ip') };
}

export function registerChat(app: ApiApp) {
  app.openapi(r.processChat, async (c) => {
    const rt = c.get('runtime');
    // One signal for both ways the person leaves: the request aborted, or the response stream cancelled.
    const gone = new AbortController();
    const leave = () => gone.abort();
    const request = c.req.raw.signal;
    request.addEventListener('abort', leave, { once: true });
    try {
      const events = await streamChat(
        rt,
        { caller: await caller(c), t: c.get('t'), lang: c.get('lang'), signal: gone.signal },
        c.req.valid('json'),
      );
      return sseReply(c, events, leave, rt.log) as never;
    } catch (err) {
      // Refused before the stream began (model, quota, attachments): an ordinary JSON reply.
      request.removeEventListener('abort', leave);
      throw err;
    }
  });

  app.openapi(r.listModels, async (c) => {
    const rt = c.get('runtime');
    const models = await chatModelsFor(rt, await caller(c), c.get('lang'));
    return reply(c, {
      ...models,
      webSearch: await webSearchAvailable(rt),
      transcription: await transcriptionAvailable(rt),
      readAloud: await readAloudAvailable(rt),
    });
  });

  app.openapi(r.readQuota, async (c) => reply(c, await readQuota(c.get('runtime'), await caller(c))));

  registerConversations(app);
  registerShares(app);
  registerAttachments(app);
  registerTranscribe(app);
}

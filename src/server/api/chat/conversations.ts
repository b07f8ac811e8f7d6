import { requireUserId } from '../../services/account/auth';
import { getConversation, listConversations, putConversation } from '../../services/chat/sync';
import type { ApiApp } from '../context';
import { keptReply, reply } from '../errors';
import type { Conversation, ConversationList } from './conversations.routes';
import * as r from './conversations.routes';

/** Conversation sync for logged-in users (the browser's chatStorage stays the visitor's only copy). */
export function registerConversations(app: ApiApp) {
  type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];
  const userId = (c: C) => requireUserId(c.get('runtime').database.db, c.req.header('authorization'));

  app.openapi(r.listConversations, async (c) => {
    const id = await userId(c);
    return keptReply<ConversationList>(c, await listConversations(c.get('runtime'), id));
  });

  app.openapi(r.getConversation, async (c) => {
    const id = await userId(c);
    return keptReply<Conversation>(c, await getConversation(c.get('runtime'), id, c.req.valid('param').uuid));
  });

  app.openapi(r.putConversation, async (c) => {
    const id = await userId(c);
    const result = await putConversation(c.get('runtime'), id, c.req.valid('param').uuid, c.req.valid('json'));
    return reply(c, result);
  });
}

import { requireUserId } from '../../services/account/auth';
import { getConversationJson, listConversationsJson, putConversation } from '../../services/chat/sync';
import type { ApiApp } from '../context';
import { reply, replyWithJson } from '../errors';
import type { Conversation, ConversationList } from './conversations.routes';
import * as r from './conversations.routes';

/** Conversation sync for logged-in users (the browser's chatStorage stays the visitor's only copy). */
export function registerConversations(app: ApiApp) {
  type C = Parameters<Parameters<ApiApp['openapi']>[1]>[0];
  const userId = (c: C) => requireUserId(c.get('runtime').database.db, c.req.header('authorization'));

  app.openapi(r.listConversations, async (c) => {
    const id = await userId(c);
    return replyWithJson<ConversationList>(c, await listConversationsJson(c.get('runtime').database.db, id));
  });

  app.openapi(r.getConversation, async (c) => {
    const id = await userId(c);
    const json = await getConversationJson(c.get('runtime').database.db, id, c.req.valid('param').uuid);
    return replyWithJson<Conversation>(c, json);
  });

  app.openapi(r.putConversation, async (c) => {
    const id = await userId(c);
    const result = await putConversation(c.get('runtime'), id, c.req.valid('param').uuid, c.req.valid('json'));
    return reply(c, result);
  });
}

import type { Conversation, ConversationList } from '../../../shared/contract/chat-sync';
import { getConversation, listConversations, putConversation } from '../../services/chat/sync';
import { userIdOf } from '../access';
import type { ApiApp } from '../context';
import { keptReply, reply } from '../errors';
import * as r from './conversations.routes';

/** Conversation sync for logged-in users (the browser's chatStorage stays the visitor's only copy). */
export function registerConversations(app: ApiApp) {
  app.openapi(r.listConversations, async (c) => {
    const id = userIdOf(c);
    return keptReply<ConversationList>(c, await listConversations(c.get('runtime'), id));
  });

  app.openapi(r.getConversation, async (c) => {
    const id = userIdOf(c);
    return keptReply<Conversation>(c, await getConversation(c.get('runtime'), id, c.req.valid('param').uuid));
  });

  app.openapi(r.putConversation, async (c) => {
    const id = userIdOf(c);
    const result = await putConversation(c.get('runtime'), id, c.req.valid('param').uuid, c.req.valid('json'));
    return reply(c, result);
  });
}

import { createRoute } from '@hono/zod-openapi';
import {
  conversation,
  conversationList,
  conversationParam,
  conversationPut,
  conversationSaved,
} from '../../../shared/contract/chat-sync';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['chat'];
const auth = { 1000001: 'not logged in' };

export const listConversations = createRoute({
  security: access.login,
  method: 'get',
  path: '/chat/conversations',
  tags,
  summary: "The caller's conversations (titles and change times, deletions included), latest change first",
  responses: jsonResponses(conversationList, auth),
});

export const getConversation = createRoute({
  security: access.login,
  method: 'get',
  path: '/chat/conversations/{uuid}',
  tags,
  summary: 'One conversation with its messages',
  request: { params: conversationParam },
  responses: jsonResponses(conversation, { ...auth, 404: 'no such conversation (HTTP 404)' }),
});

export const putConversation = createRoute({
  security: access.login,
  method: 'put',
  path: '/chat/conversations/{uuid}',
  tags,
  summary: 'Create or replace a conversation; applied only when changedAt is later than the stored one',
  request: {
    params: conversationParam,
    body: jsonBody(conversationPut),
  },
  responses: jsonResponses(conversationSaved, {
    ...auth,
    403: 'too many conversations on this account (HTTP 403)',
    413: 'a message or the conversation is too large (HTTP 413)',
    429: 'too many writes this minute (HTTP 429)',
  }),
});

import { createRoute } from '@hono/zod-openapi';
import { chatModels, chatProcessBody, chatQuota } from '../../../shared/contract/chat';
import { fileBody, noData } from '../../../shared/contract/common';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['chat'];

export const processChat = createRoute({
  security: access.generatingOrVisitor,
  method: 'post',
  path: '/chat/process',
  tags,
  summary: 'Ask the model; the answer streams back as Server-Sent Events',
  description:
    'Events: `meta` {model, quota}, then `citations` {items} when sources were gathered (and again when a tool ' +
    'finds more), then `reasoning`, `tool` {id, name, input, output?, ok?, ms?} and `delta` {text} pieces, then `done` ' +
    '{model, chars, ms, thinkMs?, usage?, cut?} or ' +
    '`error` {kind, message}. Closing the connection cancels the upstream call. Works without login ' +
    '(visitors are counted per IP); an invalid token answers 401.',
  request: { body: jsonBody(chatProcessBody) },
  responses: {
    ...jsonResponses(noData, {
      403: "the model is not open to the caller's level (HTTP 403)",
      429: 'free messages used up today (HTTP 429, data.quota, data.link)',
    }),
    200: {
      description: 'text/event-stream of meta, delta, done or error events',
      content: { 'text/event-stream': { schema: fileBody } },
    },
  },
});

export const listModels = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/chat/models',
  tags,
  summary: "Models the chat offers the caller's level (visitor, user, member); the first is the default",
  responses: jsonResponses(chatModels),
});

export const readQuota = createRoute({
  security: access.optionalLogin,
  method: 'get',
  path: '/chat/quota',
  tags,
  summary: "Today's free messages of the caller (visitor by IP, or user), or the membership end",
  responses: jsonResponses(chatQuota),
});

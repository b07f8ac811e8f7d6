import { createRoute, z } from '@hono/zod-openapi';
import { chatModels, chatQuota, chatSourceChoice } from '../../../shared/contract/chat';
import { access } from '../access';
import { jsonBody, jsonResponses } from '../route-kit';
import { fraction, int, rawText, text } from '../validation';

const tags = ['chat'];

/** Ids of one's own chat attachments (POST /api/chat/attachments), at most 8 a message. */
const attachmentIds = z.array(text(40, 1)).max(8).optional();
const message = z.object({
  role: z.enum(['user', 'assistant']),
  content: rawText(16_000),
  attachments: attachmentIds,
});

export const processChat = createRoute({
  security: access.optionalLogin,
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
  request: {
    body: jsonBody(
      z.object({
        prompt: text(8000, 1),
        messages: z.array(message).max(80).default([]),
        ...chatSourceChoice,
        options: z
          .object({
            model: rawText(100).optional(),
            usingContext: z.boolean().default(true),
            systemMessage: rawText(4000).optional(),
            temperature: fraction(0, 2).optional(),
            conversationId: int(0, Number.MAX_SAFE_INTEGER).optional(),
            attachments: attachmentIds,
            partial: rawText(32_000, 1)
              .optional()
              .openapi({
                description:
                  'continue this answer to `prompt`, cut short: the model gets it as its last message and ' +
                  'is asked to go on without repeating; the deltas are what follows it',
              }),
          })
          .default({ usingContext: true }),
      }),
    ),
  },
  responses: {
    ...jsonResponses(z.null(), {
      403: "the model is not open to the caller's level (HTTP 403)",
      429: 'free messages used up today (HTTP 429, data.quota, data.link)',
    }),
    200: {
      description: 'text/event-stream of meta, delta, done or error events',
      content: { 'text/event-stream': { schema: z.string() } },
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

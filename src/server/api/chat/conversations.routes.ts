import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponses } from '../route-kit';

const tags = ['chat'];
const auth = { 1000001: 'not logged in' };
const uuid = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const changedAt = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const storedMessage = z.object({
  id: z.string().max(64),
  dateTime: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  text: z.string().max(32_000),
  inversion: z.boolean(),
  error: z.boolean().optional(),
  model: z.string().max(100).optional(),
});

const summary = z
  .object({ uuid: z.number().int(), title: z.string(), changedAt: z.number().int(), deleted: z.boolean() })
  .openapi('ChatConversationSummary');

export const conversation = z
  .object({
    uuid: z.number().int(),
    title: z.string().max(200),
    systemPrompt: z.string().max(8000).nullable(),
    description: z.string().max(1000).nullable(),
    templateId: z.number().int().nullable(),
    messages: z.array(storedMessage).max(80),
    deleted: z.boolean(),
    changedAt: z.number().int(),
  })
  .openapi('ChatConversation');

export const listConversations = createRoute({
  method: 'get',
  path: '/chat/conversations',
  tags,
  summary: "The caller's conversations (titles and change times, deletions included), latest change first",
  responses: jsonResponses(z.object({ records: z.array(summary) }), auth),
});

export const getConversation = createRoute({
  method: 'get',
  path: '/chat/conversations/{uuid}',
  tags,
  summary: 'One conversation with its messages',
  request: { params: z.object({ uuid }) },
  responses: jsonResponses(conversation, { ...auth, 404: 'no such conversation (HTTP 404)' }),
});

export const putConversation = createRoute({
  method: 'put',
  path: '/chat/conversations/{uuid}',
  tags,
  summary: 'Create or replace a conversation; applied only when changedAt is later than the stored one',
  request: {
    params: z.object({ uuid }),
    body: jsonBody(conversation.omit({ uuid: true }).extend({ changedAt, deleted: z.boolean().default(false) })),
  },
  responses: jsonResponses(z.object({ applied: z.boolean(), changedAt: z.number().int() }), {
    ...auth,
    403: 'too many conversations on this account (HTTP 403)',
    413: 'a message or the conversation is too large (HTTP 413)',
    429: 'too many writes this minute (HTTP 429)',
  }),
});

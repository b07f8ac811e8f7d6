import { z } from '@hono/zod-openapi';

/** Longest search query (characters) GET /api/chat/search takes (docs/chat.md#search). */
export const CHAT_SEARCH_MAX = 50;

/** One of the caller's shares, as GET /api/chat/shares lists it (docs/chat.md#sharing). */
export const chatShareInfo = z
  .object({
    id: z.string(),
    conversationUuid: z.number().int(),
    title: z.string(),
    listed: z.boolean(),
    /** Taken down by a moderator: the page answers 410 to everyone (docs/chat.md#sharing). */
    takenDown: z.boolean(),
    createdAt: z.number().int().openapi({ description: 'epoch ms' }),
    url: z.string().openapi({ description: 'the page /share/{id}' }),
  })
  .openapi('ChatShare');
export type ChatShareInfo = z.infer<typeof chatShareInfo>;

export const chatShareList = z.object({ records: z.array(chatShareInfo) }).openapi('ChatShareList');
export type ChatShareList = z.infer<typeof chatShareList>;

/** One conversation of the caller that holds the query, with the text around the first match. */
export const chatSearchHit = z
  .object({ uuid: z.number().int(), title: z.string(), snippet: z.string() })
  .openapi('ChatSearchHit');
export type ChatSearchHit = z.infer<typeof chatSearchHit>;

export const chatSearchResult = z.object({ records: z.array(chatSearchHit) }).openapi('ChatSearchResult');
export type ChatSearchResult = z.infer<typeof chatSearchResult>;

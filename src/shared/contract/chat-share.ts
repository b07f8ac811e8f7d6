import { z } from '@hono/zod-openapi';
import { storedChatMessage } from './chat';
import { bigintParam, pattern, rawText, text } from './input';

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

/** POST /api/chat/shares: a snapshot of a conversation to share. */
export const shareBody = z.object({
  conversationUuid: bigintParam(),
  title: rawText(200, 1),
  messages: z.array(storedChatMessage).min(1).max(80),
});
const shareId = pattern(/^[A-Za-z0-9_-]{16,64}$/, 64);
/** The path of one share. */
export const shareParam = z.object({ id: shareId });
/** The path of a picture of a share. */
export const shareFileParam = z.object({ id: shareId, attachmentId: pattern(/^[A-Za-z0-9_-]{1,40}$/, 40) });
/** PATCH /api/chat/shares/{id}: listed for search engines, or not. */
export const shareListed = z.object({ listed: z.boolean() });
/** GET /api/chat/search. */
export const chatSearchQuery = z.object({ q: text(CHAT_SEARCH_MAX, 1) });

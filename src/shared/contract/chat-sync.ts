import { z } from '@hono/zod-openapi';
import { storedChatMessage } from './chat';
import { bigintParam, int, rawText } from './input';

/** Conversation sync (src/server/api/chat/conversations.routes.ts): what the browser stores, as the server keeps it. */

/** A conversation's entry in the caller's list (deletions included, so other devices drop theirs). */
export const conversationSummary = z
  .object({ uuid: z.number().int(), title: z.string(), changedAt: z.number().int(), deleted: z.boolean() })
  .openapi('ChatConversationSummary');
export type ConversationSummary = z.infer<typeof conversationSummary>;

export const conversationList = z.object({ records: z.array(conversationSummary) });
export type ConversationList = z.infer<typeof conversationList>;

/** One conversation with its messages: the reply of a read and, without uuid, the body of a write. */
export const conversation = z
  .object({
    uuid: z.number().int(),
    title: rawText(200),
    systemPrompt: rawText(8000).nullable(),
    description: rawText(1000).nullable(),
    templateId: int().nullable(),
    messages: z.array(storedChatMessage).max(80),
    deleted: z.boolean(),
    changedAt: z.number().int(),
  })
  .openapi('ChatConversation');
export type Conversation = z.infer<typeof conversation>;

/** A write's outcome: applied only when its changedAt is later than the stored one. */
export const conversationSaved = z.object({ applied: z.boolean(), changedAt: z.number().int() });
export type ConversationSaved = z.infer<typeof conversationSaved>;

// uuid and changedAt are bigint columns (client-made id, epoch ms); templateId is an integer column.
/** The path of one conversation. */
export const conversationParam = z.object({ uuid: bigintParam() });
/** PUT /api/chat/conversations/{uuid}: the conversation, applied when changedAt is later than the stored one. */
export const conversationPut = conversation
  .omit({ uuid: true })
  .extend({ changedAt: bigintParam(), deleted: z.boolean().default(false) });

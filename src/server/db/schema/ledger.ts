import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { modelChannels } from './channels';
import { users } from './users';

/**
 * What each piece of upstream work cost (docs/ledger.md): one row per chat answer, web search, drawing or
 * song, finished, failed or cancelled. Written once when the work ends; never updated.
 */
export const usageLedger = pgTable(
  'usage_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind')
      .$type<'chat' | 'drawing' | 'song' | 'video' | 'search' | 'tool' | 'embedding' | 'transcription' | 'speech'>()
      .notNull(),
    /** Chat: the conversation's id as the browser knows it. */
    conversationId: text('conversation_id'),
    /** Drawings and songs: the task id. */
    taskId: text('task_id'),
    model: text('model').notNull(),
    /** Null for the environment's bootstrap channel or the offline provider. */
    channelId: integer('channel_id').references(() => modelChannels.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** upstream (reported usage), tokenizer (counted here) or none (not token-priced). */
    tokenSource: text('token_source').$type<'upstream' | 'tokenizer' | 'none'>().notNull(),
    firstTokenMs: integer('first_token_ms'),
    durationMs: integer('duration_ms').notNull(),
    /** Upstream cost in micro-yuan. */
    costMicros: bigint('cost_micros', { mode: 'number' }).notNull().default(0),
    outcome: text('outcome').$type<'ok' | 'failed' | 'cancelled'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_ledger_created_idx').on(t.createdAt),
    index('usage_ledger_user_idx').on(t.userId, t.createdAt),
    index('usage_ledger_channel_idx').on(t.channelId, t.createdAt),
  ],
);

export type UsageRow = typeof usageLedger.$inferSelect;
export type NewUsageRow = typeof usageLedger.$inferInsert;

import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What kind of generation a log row records. */
export const GENERATION_KINDS = ['chat', 'drawing', 'song', 'video'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/**
 * One row per generation, kept as the law requires (docs/retention.md): who
 * (the account, or the address of a visitor), when, what was asked and which
 * output answered it. The retention job deletes rows past the console's
 * period (never under six months); an account's deletion keeps its rows but
 * drops the prompt's text, leaving its SHA-256.
 */
export const generationLogs = pgTable(
  'generation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id),
    ip: text('ip'),
    kind: text('kind').$type<GenerationKind>().notNull(),
    /** The request's text; null once its account was deleted. */
    prompt: text('prompt'),
    /** SHA-256 (hex) of the request's text: what stays after an account's deletion. */
    promptHash: text('prompt_hash').notNull(),
    /** The output: a drawing's, song's or video's task id, a chat answer's conversation. */
    outputRef: text('output_ref'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('generation_logs_at_idx').on(t.at), index('generation_logs_user_idx').on(t.userId)],
);

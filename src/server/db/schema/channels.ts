import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChannelFlavour, ChannelKind, ChannelModel } from '../../../shared/contract/channels';

/**
 * An upstream model service managed in the console (docs/channels.md): chat, image or music.
 * Requests spread over enabled channels of a kind by priority, then weight; the environment's
 * provider settings remain the bootstrap channel when none is configured.
 */
export const modelChannels = pgTable(
  'model_channels',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ChannelKind>().notNull(),
    flavour: text('flavour').$type<ChannelFlavour>().notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull(),
    /** Higher first; within one priority, requests spread by weight. */
    priority: integer('priority').notNull().default(0),
    weight: integer('weight').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    models: jsonb('models').$type<ChannelModel[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('model_channels_kind_idx').on(t.kind, t.priority)],
);

/**
 * An API key of a channel, sealed at rest (AES-256-GCM with a key from the environment);
 * the console shows only `last4`. Failures cool a key down with back-off.
 */
export const channelKeys = pgTable(
  'channel_keys',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => modelChannels.id, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
    last4: text('last4').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Consecutive failures; reset by a success. */
    failures: integer('failures').notNull().default(0),
    cooldownUntil: timestamp('cooldown_until', { withTimezone: true }),
    lastError: text('last_error'),
    lastOkAt: timestamp('last_ok_at', { withTimezone: true }),
    lastFailAt: timestamp('last_fail_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channel_keys_channel_idx').on(t.channelId)],
);

export type ModelChannel = typeof modelChannels.$inferSelect;
export type ChannelKey = typeof channelKeys.$inferSelect;

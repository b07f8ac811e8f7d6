import { boolean, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { MemberLevel } from '../../../shared/channels';

/** One tool as listed, with its arguments' JSON Schema and the levels it is open to. */
export interface StoredMcpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  levels: MemberLevel[];
}

/**
 * An MCP server the console added (docs/chat.md#tools): reached over streamable HTTP, its tools
 * listed when added or refreshed, and each tool open to the membership levels chosen for it.
 */
export const mcpServers = pgTable('mcp_servers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  /** A bearer token, sealed at rest like channel keys; null when the server takes none. */
  sealedToken: text('sealed_token'),
  enabled: boolean('enabled').notNull().default(true),
  /** The tools as last listed, with the levels each is open to (none until the console chooses). */
  tools: jsonb('tools').$type<StoredMcpTool[]>().notNull().default([]),
  /** The last listing's failure, shown in the console; null after a success. */
  lastError: text('last_error'),
  listedAt: timestamp('listed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type McpServerRow = typeof mcpServers.$inferSelect;

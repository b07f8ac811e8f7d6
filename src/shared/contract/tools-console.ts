import { z } from '@hono/zod-openapi';
import { MEMBER_LEVELS } from '../channels';

/** One tool an MCP server offers, as listed, and the membership levels the console opened it to. */
export const mcpToolInfo = z
  .object({
    name: z.string().max(128),
    description: z.string().max(2000),
    /** Its arguments' names, from the JSON Schema the server gave (the model gets the whole schema). */
    args: z.array(z.string()),
    levels: z.array(z.enum(MEMBER_LEVELS)).max(3),
  })
  .openapi('McpToolInfo');
export type McpToolInfo = z.infer<typeof mcpToolInfo>;

/** An MCP server as the console shows it: never its token, only whether it has one. */
export const mcpServerView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    hasToken: z.boolean(),
    enabled: z.boolean(),
    tools: z.array(mcpToolInfo),
    lastError: z.string().nullable(),
    listedAt: z.number().int().nullable(),
  })
  .openapi('McpServerView');
export type McpServerView = z.infer<typeof mcpServerView>;

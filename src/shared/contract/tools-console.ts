import { z } from '@hono/zod-openapi';
import { MEMBER_LEVELS, normalBaseUrl } from '../channels';
import { requestId, totpCode } from './admin';
import { safeString } from './input';

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

/** POST /api/admin/tools/mcp(/{id}): an MCP server as the console saves it. */
export const mcpFields = z.object({
  name: safeString().trim().min(1, 'admin:tools.nameRequired').max(60, 'admin:tools.nameTooLong'),
  url: safeString()
    .trim()
    .max(500, 'admin:tools.urlInvalid')
    .refine((u) => normalBaseUrl(u) !== null, { message: 'admin:tools.urlInvalid' }),
  /** A new bearer token; empty keeps the stored one. */
  token: safeString().trim().max(500, 'admin:tools.tokenTooLong').optional(),
  enabled: z.boolean().default(true),
  /** A fresh TOTP code, needed with a new token, or when a new address would get the stored one. */
  code: totpCode.optional(),
  requestId,
});

/** What a change answers: whether it was applied, and the server as it is now. */
export const mcpApplied = z.object({ applied: z.boolean(), server: mcpServerView.optional() });
export type McpFields = z.infer<typeof mcpFields>;

export const mcpServerList = z.array(mcpServerView);

/** POST /api/admin/tools/mcp/{id}/levels: the membership levels each listed tool is open to. */
export const mcpLevelsBody = z.object({
  levels: z
    .array(
      z.object({
        tool: safeString().max(128, 'admin:tools.unknownTool'),
        levels: z.array(z.enum(MEMBER_LEVELS)).max(3),
      }),
    )
    .max(100),
  requestId,
});
export type McpLevelsBody = z.infer<typeof mcpLevelsBody>;

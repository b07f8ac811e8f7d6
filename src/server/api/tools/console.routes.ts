import { createRoute, z } from '@hono/zod-openapi';
import { MEMBER_LEVELS } from '../../../shared/channels';
import { mcpServerView } from '../../../shared/contract/tools-console';
import { normalBaseUrl } from '../../services/channels/store';
import { access } from '../access';
import { codes, requestId, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';
import { id, safeString } from '../validation';

// The console's MCP servers (docs/chat.md#tools): admins only. A stored token is never answered again.

export const mcpFields = z.object({
  name: safeString().trim().min(1, 'admin:tools.nameRequired').max(60, 'admin:tools.nameTooLong'),
  url: safeString()
    .trim()
    .max(500, 'admin:tools.urlInvalid')
    .refine((u) => normalBaseUrl(u) !== null, { message: 'admin:tools.urlInvalid' }),
  /** A new bearer token; empty keeps the stored one. */
  token: safeString().trim().max(500, 'admin:tools.tokenTooLong').optional(),
  enabled: z.boolean().default(true),
  requestId,
});

const param = z.object({ id: id() });
const applied = z.object({ applied: z.boolean(), server: mcpServerView.optional() });

export const listMcp = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/tools/mcp',
  tags,
  summary: 'Every MCP server, with its tools as last listed and the levels each is open to',
  responses: jsonResponses(z.array(mcpServerView), codes),
});

export const createMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp',
  tags,
  summary: 'Adds an MCP server (streamable HTTP; admin); list its tools next',
  request: { body: jsonBody(mcpFields) },
  responses: jsonResponses(applied, codes),
});

export const updateMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}',
  tags,
  summary: 'Edits an MCP server: name, address, token, enabled (admin); a new address forgets its tools',
  request: { params: param, body: jsonBody(mcpFields) },
  responses: jsonResponses(applied, codes),
});

export const deleteMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}/delete',
  tags,
  summary: 'Deletes an MCP server (admin)',
  request: { params: param, body: jsonBody(z.object({ requestId })) },
  responses: jsonResponses(applied, codes),
});

export const refreshMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}/refresh',
  tags,
  summary: "Lists the server's tools again (admin); a failure is kept as lastError, the old list stays",
  request: { params: param, body: jsonBody(z.object({ requestId })) },
  responses: jsonResponses(applied, codes),
});

export const setMcpLevels = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}/levels',
  tags,
  summary: 'Chooses which membership levels may call each listed tool (admin)',
  request: {
    params: param,
    body: jsonBody(
      z.object({
        levels: z
          .array(
            z.object({
              tool: safeString().max(128, 'admin:tools.unknownTool'),
              levels: z.array(z.enum(MEMBER_LEVELS)).max(3),
            }),
          )
          .max(100),
        requestId,
      }),
    ),
  },
  responses: jsonResponses(applied, codes),
});

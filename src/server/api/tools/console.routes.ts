import { createRoute } from '@hono/zod-openapi';
import { requestOnly } from '../../../shared/contract/admin';
import { idParam } from '../../../shared/contract/common';
import { mcpApplied, mcpFields, mcpLevelsBody, mcpServerList } from '../../../shared/contract/tools-console';
import { access } from '../access';
import { codes, tags } from '../admin/console-kit';
import { jsonBody, jsonResponses } from '../route-kit';

// The console's MCP servers (docs/chat.md#tools): admins only. A stored token is never answered again.

export const listMcp = createRoute({
  security: access.console,
  method: 'get',
  path: '/admin/tools/mcp',
  tags,
  summary: 'Every MCP server, with its tools as last listed and the levels each is open to',
  responses: jsonResponses(mcpServerList, codes),
});

export const createMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp',
  tags,
  summary: 'Adds an MCP server (streamable HTTP; admin); list its tools next',
  request: { body: jsonBody(mcpFields) },
  responses: jsonResponses(mcpApplied, codes),
});

export const updateMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}',
  tags,
  summary: 'Edits an MCP server: name, address, token, enabled (admin); a new address forgets its tools',
  request: { params: idParam, body: jsonBody(mcpFields) },
  responses: jsonResponses(mcpApplied, codes),
});

export const deleteMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}/delete',
  tags,
  summary: 'Deletes an MCP server (admin)',
  request: { params: idParam, body: jsonBody(requestOnly) },
  responses: jsonResponses(mcpApplied, codes),
});

export const refreshMcp = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}/refresh',
  tags,
  summary: "Lists the server's tools again (admin); a failure is kept as lastError, the old list stays",
  request: { params: idParam, body: jsonBody(requestOnly) },
  responses: jsonResponses(mcpApplied, codes),
});

export const setMcpLevels = createRoute({
  security: access.console,
  method: 'post',
  path: '/admin/tools/mcp/{id}/levels',
  tags,
  summary: 'Chooses which membership levels may call each listed tool (admin)',
  request: {
    params: idParam,
    body: jsonBody(mcpLevelsBody),
  },
  responses: jsonResponses(mcpApplied, codes),
});

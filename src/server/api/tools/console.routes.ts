import { requestOnly } from '../../../shared/contract/admin';
import { idParam } from '../../../shared/contract/common';
import { mcpApplied, mcpFields, mcpLevelsBody, mcpServerList } from '../../../shared/contract/tools-console';
import { consoleRoute } from '../admin/console-kit';
import { jsonBody } from '../route-kit';

// The console's MCP servers (docs/chat.md#tools): admins only. A stored token is never answered again.

export const listMcp = consoleRoute('get', '/admin/tools/mcp', mcpServerList, {
  summary: 'Every MCP server, with its tools as last listed and the levels each is open to',
});

export const createMcp = consoleRoute('post', '/admin/tools/mcp', mcpApplied, {
  summary: 'Adds an MCP server (streamable HTTP; admin); list its tools next. With a token: a fresh TOTP `code`',
  more: { 403: 'role too low, TOTP required, or a token without a fresh code (HTTP 403, code 1001602)' },
  request: { body: jsonBody(mcpFields) },
});

export const updateMcp = consoleRoute('post', '/admin/tools/mcp/{id}', mcpApplied, {
  summary:
    'Edits an MCP server: name, address, token, enabled (admin); a new address forgets its tools. A new token, ' +
    'or a new address for the stored one, needs a fresh TOTP `code`',
  more: { 403: 'role too low, TOTP required, or a token without a fresh code (HTTP 403, code 1001602)' },
  request: { params: idParam, body: jsonBody(mcpFields) },
});

export const deleteMcp = consoleRoute('post', '/admin/tools/mcp/{id}/delete', mcpApplied, {
  summary: 'Deletes an MCP server (admin)',
  request: { params: idParam, body: jsonBody(requestOnly) },
});

export const refreshMcp = consoleRoute('post', '/admin/tools/mcp/{id}/refresh', mcpApplied, {
  summary: "Lists the server's tools again (admin); a failure is kept as lastError, the old list stays",
  request: { params: idParam, body: jsonBody(requestOnly) },
});

export const setMcpLevels = consoleRoute('post', '/admin/tools/mcp/{id}/levels', mcpApplied, {
  summary: 'Chooses which membership levels may call each listed tool (admin)',
  request: { params: idParam, body: jsonBody(mcpLevelsBody) },
});

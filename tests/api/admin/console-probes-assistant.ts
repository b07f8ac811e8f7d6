// The console's admin-only settings of the assistant's sources and tools (web search, MCP servers,
// built-in apps' knowledge bases), for console-probes.ts's matrix.
import { requestId } from './admin-helpers';
import type { Probe } from './console-probes';

export const assistantProbes = (mcp: { id: number }): Probe[] => [
  { method: 'GET', path: '/api/admin/web-search', expect: { operator: 403, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/web-search',
    body: () => ({ provider: 'searxng', baseUrl: 'http://127.0.0.1:1', costMicros: 0, requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  // The saved service refuses the connection: the test answers that in words, with 200.
  { method: 'POST', path: '/api/admin/web-search/test', expect: { operator: 403, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/web-search/reset',
    body: () => ({ requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/knowledge/apps', expect: { operator: 403, admin: 200 } },
  // Built-in apps are seeded at start-up: the first is app 1.
  {
    method: 'POST',
    path: '/api/admin/knowledge/apps/1',
    body: () => ({ baseId: null, requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  { method: 'GET', path: '/api/admin/tools/mcp', expect: { operator: 403, admin: 200 } },
  {
    method: 'POST',
    path: '/api/admin/tools/mcp',
    body: () => ({ name: 'matrix', url: 'http://127.0.0.1:1/mcp', requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/tools/mcp/${mcp.id}`,
    body: () => ({ name: 'matrix', url: 'http://127.0.0.1:1/mcp', requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  // Nothing answers there: the failure is kept for the console, the route answers 200.
  {
    method: 'POST',
    path: `/api/admin/tools/mcp/${mcp.id}/refresh`,
    body: () => ({ requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/tools/mcp/${mcp.id}/levels`,
    body: () => ({ levels: [], requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: `/api/admin/tools/mcp/${mcp.id}/delete`,
    body: () => ({ requestId: requestId() }),
    expect: { operator: 403, admin: 200 },
  },
];

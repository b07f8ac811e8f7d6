import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * An MCP server for the tests, on the official SDK's server side (streamable HTTP, stateless: a
 * server and transport per request), on 127.0.0.1 port 0. Its tools: `add`, `slow` (sleeps), `big`
 * (a long result), `fail` (an error result).
 */
export async function startMcpTestServer(opts: { token?: string } = {}) {
  const calls: Array<{ name: string; args: unknown }> = [];
  let sessions = 0;
  const build = () => {
    const mcp = new McpServer({ name: 'miaobi-test', version: '1.0.0' });
    mcp.registerTool(
      'add',
      { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
      async ({ a, b }) => {
        calls.push({ name: 'add', args: { a, b } });
        return { content: [{ type: 'text', text: String(a + b) }] };
      },
    );
    mcp.registerTool(
      'slow',
      { description: 'Answers after ms milliseconds', inputSchema: { ms: z.number() } },
      async ({ ms }) => {
        calls.push({ name: 'slow', args: { ms } });
        await sleep(ms);
        return { content: [{ type: 'text', text: 'finally' }] };
      },
    );
    mcp.registerTool('big', { description: 'A long result', inputSchema: { chars: z.number() } }, async ({ chars }) => {
      calls.push({ name: 'big', args: { chars } });
      return { content: [{ type: 'text', text: 'x'.repeat(chars) }] };
    });
    mcp.registerTool('fail', { description: 'Always fails', inputSchema: {} }, async () => {
      calls.push({ name: 'fail', args: {} });
      return { isError: true, content: [{ type: 'text', text: 'it broke' }] };
    });
    return mcp;
  };
  const server: Server = createServer(async (req, res) => {
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) {
      res.writeHead(401).end();
      return;
    }
    sessions++;
    const mcp = build();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    /** HTTP requests received (a client kept open reuses its connection: initialize happens once). */
    get requests() {
      return sessions;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

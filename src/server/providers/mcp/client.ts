import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/** Where an MCP server is and how to reach it: its streamable HTTP endpoint and bearer token. */
export interface McpTarget {
  url: string;
  /** '' when the server takes none. */
  token: string;
}

export interface McpListedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface McpCallResult {
  /** The result's text parts joined (other parts are named by their type). */
  text: string;
  /** The server said the call failed (`isError`). */
  isError: boolean;
}

/** One MCP server's client, connected on first use and kept (docs/chat.md#tools). */
export interface McpClient {
  listTools(signal: AbortSignal): Promise<McpListedTool[]>;
  callTool(name: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult>;
  close(): Promise<void>;
}

export class McpTooLarge extends Error {}

/**
 * A fetch whose response bodies stop at `maxBytes`: the server's answer is read no further and the
 * call fails, so one tool cannot fill the process's memory.
 */
function cappedFetch(maxBytes: number, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (!res.body) return res;
    let seen = 0;
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, out) {
          seen += chunk.byteLength;
          if (seen > maxBytes) out.error(new McpTooLarge(`MCP response larger than ${maxBytes} bytes`));
          else out.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

const textOf = (content: unknown): string =>
  (Array.isArray(content) ? content : [])
    .map((p: { type?: string; text?: unknown }) =>
      p.type === 'text' && typeof p.text === 'string' ? p.text : `[${p.type ?? 'part'}]`,
    )
    .join('\n');

/**
 * The official SDK's client over streamable HTTP. Connected once and kept while its settings stay
 * the same (the provider registry keeps it); a broken connection is made again on the next use.
 */
export function createMcpClient(target: McpTarget, limits: { timeoutMs: number; maxBytes: number }): McpClient {
  let connected: Promise<Client> | null = null;
  const connect = () => {
    connected ??= (async () => {
      // The SDK (and its JSON Schema validator) loads with the first MCP call, not at start-up.
      const [{ Client }, { StreamableHTTPClientTransport }] = await Promise.all([
        import('@modelcontextprotocol/sdk/client/index.js'),
        import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      ]);
      const client = new Client({ name: 'miaobi', version: '1.0.0' });
      const headers: Record<string, string> = target.token ? { authorization: `Bearer ${target.token}` } : {};
      const transport = new StreamableHTTPClientTransport(new URL(target.url), {
        requestInit: { headers },
        fetch: cappedFetch(limits.maxBytes),
      });
      await client.connect(transport, { timeout: limits.timeoutMs });
      return client;
    })().catch((err: unknown) => {
      connected = null;
      throw err;
    });
    return connected;
  };
  // A failed request may have left the session unusable: the next use connects afresh.
  const reset = async () => {
    const was = connected;
    connected = null;
    await was?.then((c) => c.close()).catch(() => {});
  };
  const options = (signal: AbortSignal) => ({ signal, timeout: limits.timeoutMs, maxTotalTimeout: limits.timeoutMs });
  return {
    async listTools(signal) {
      try {
        const client = await connect();
        const { tools } = await client.listTools(undefined, options(signal));
        return tools.map((t) => ({
          name: t.name,
          description: t.description ?? '',
          inputSchema: t.inputSchema as Record<string, unknown>,
        }));
      } catch (err) {
        await reset();
        throw err;
      }
    },
    async callTool(name, args, signal) {
      try {
        const client = await connect();
        const result = await client.callTool({ name, arguments: args }, undefined, options(signal));
        return { text: textOf(result.content), isError: result.isError === true };
      } catch (err) {
        await reset();
        throw err;
      }
    },
    close: reset,
  };
}

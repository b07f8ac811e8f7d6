import type { MemberLevel } from '../../../../shared/channels';
import { toSafeText } from '../../../../shared/safe-text';
import type { Runtime } from '../../../runtime';
import { writeAudit } from '../../admin/audit';
import { recordUsage } from '../../ledger/record';
import { type ActiveMcpServer, activeMcpServers } from '../../tools/mcp-store';
import type { ChatTool, ToolContext } from './types';

/** A function name OpenAI accepts (letters, digits, _ and -, at most 64) that names the server and its tool. */
export const mcpToolName = (serverId: number, tool: string) =>
  `mcp_${serverId}_${tool.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 64);

/**
 * Writes what one MCP call did: a console audit row (who, which server and tool, the outcome) and a
 * usage ledger row (kind `tool`, its time). Bookkeeping never fails the answer.
 */
async function account(
  ctx: ToolContext,
  server: ActiveMcpServer,
  tool: string,
  done: { ok: boolean; ms: number; bytes: number; error?: string },
) {
  const { rt, caller } = ctx;
  await writeAudit(
    rt.database.db,
    { userId: caller.userId, email: null, ip: caller.ip },
    {
      action: 'mcp.call',
      targetType: 'mcp',
      targetId: server.id,
      after: { tool, ...done },
    },
  ).catch((err: unknown) => rt.log.error('mcp call not audited', { err: String(err) }));
  await recordUsage(rt, {
    userId: caller.userId,
    kind: 'tool',
    model: toSafeText(`${server.name}/${tool}`, 200) ?? tool,
    provider: 'mcp',
    tokenSource: 'none',
    durationMs: Math.round(done.ms),
    outcome: done.ok ? 'ok' : ctx.signal.aborted ? 'cancelled' : 'failed',
  });
}

function mcpTool(server: ActiveMcpServer, tool: ActiveMcpServer['tools'][number]): ChatTool {
  return {
    spec: {
      name: mcpToolName(server.id, tool.name),
      description: `${server.name}: ${tool.description}`.slice(0, 1000),
      parameters: tool.inputSchema,
    },
    async run(ctx, args) {
      const started = Date.now();
      const input =
        typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
      try {
        const r = await ctx.rt.registry.mcp(server.target).callTool(tool.name, input, ctx.signal);
        await account(ctx, server, tool.name, { ok: !r.isError, ms: Date.now() - started, bytes: r.text.length });
        return { ok: !r.isError, output: r.text };
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
        await account(ctx, server, tool.name, { ok: false, ms: Date.now() - started, bytes: 0, error });
        return { ok: false, output: `the MCP server failed: ${error}` };
      }
    },
  };
}

/** The MCP tools the console opened to this level, from every enabled server. */
export async function mcpToolsFor(rt: Runtime, level: MemberLevel): Promise<ChatTool[]> {
  const servers = await activeMcpServers(rt);
  return servers.flatMap((s) => s.tools.filter((t) => t.levels.includes(level)).map((t) => mcpTool(s, t)));
}

import { asc, eq } from 'drizzle-orm';
import type { MemberLevel } from '../../../shared/channels';
import { normalBaseUrl } from '../../../shared/channels';
import type { McpFields as ContractMcpFields, McpServerView } from '../../../shared/contract/tools-console';
import type { Db } from '../../db/client';
import { type McpServerRow, mcpServers, type StoredMcpTool } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { McpTarget } from '../../providers/mcp/client';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { channelBox } from '../channels/box';
import { notifiedCache } from '../notified-cache';

// MCP servers as the console manages them (docs/chat.md#tools). A token is never handed out again.

export const MCP_CHANNEL = 'miaobi_mcp';
const cache = notifiedCache({ name: 'mcp', channel: MCP_CHANNEL, ttlMs: 60_000, maxEntries: 4 });

interface Act {
  actor: Actor;
  requestId: string;
}

/** A new token: undefined or '' keeps the stored one (on create: none). */
export type McpFields = Omit<ContractMcpFields, 'requestId' | 'code'>;

const notFound = () => new DomainError(404, 'error.notFound', { status: 404 });
const bad = (key: string) => new DomainError(400, key, { status: 400 });

export function serverView(r: McpServerRow): McpServerView {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    hasToken: r.sealedToken !== null,
    enabled: r.enabled,
    tools: r.tools.map((t) => ({
      name: t.name,
      description: t.description,
      args: Object.keys((t.inputSchema.properties as Record<string, unknown> | undefined) ?? {}),
      levels: t.levels,
    })),
    lastError: r.lastError,
    listedAt: r.listedAt?.getTime() ?? null,
  };
}

export async function listMcpServers(db: Db): Promise<McpServerView[]> {
  return (await db.select().from(mcpServers).orderBy(asc(mcpServers.id))).map(serverView);
}

/** An enabled server as the chat uses it: its token opened, in memory only. */
export interface ActiveMcpServer {
  id: number;
  name: string;
  target: McpTarget;
  tools: StoredMcpTool[];
}

/** The enabled servers, kept per process until any process changes one (NOTIFY). */
export function activeMcpServers(rt: Runtime): Promise<ActiveMcpServer[]> {
  return cache.get(rt, 'active', async () => {
    const rows = await rt.database.db
      .select()
      .from(mcpServers)
      .where(eq(mcpServers.enabled, true))
      .orderBy(asc(mcpServers.id));
    const box = channelBox(rt);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      target: { url: r.url, token: r.sealedToken ? box.open(r.sealedToken) : '' },
      tools: r.tools,
    }));
  });
}

const targetOf = (rt: Runtime, r: McpServerRow): McpTarget => ({
  url: r.url,
  token: r.sealedToken ? channelBox(rt).open(r.sealedToken) : '',
});

class Repeated extends Error {}

/** One console change, made and audited in one transaction (a repeated request id acts once), then every process forgets. */
async function change(
  rt: Runtime,
  a: Act,
  action: string,
  run: (tx: Db) => Promise<{ row: McpServerRow; before: unknown }>,
): Promise<McpServerView | null> {
  let out: McpServerRow | undefined;
  try {
    await transaction(rt.database.db, async (tx) => {
      const { row, before } = await run(tx);
      const after = { ...serverView(row), tools: row.tools.map((t) => ({ name: t.name, levels: t.levels })) };
      const fresh = await writeAudit(tx, a.actor, {
        action,
        targetType: 'mcp',
        targetId: row.id,
        before,
        after,
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
      out = row;
    });
  } catch (err) {
    if (err instanceof Repeated) return null;
    throw err;
  }
  await cache.invalidate(rt);
  return out ? serverView(out) : null;
}

function checkedUrl(raw: string): string {
  const url = normalBaseUrl(raw);
  if (!url) throw bad('admin:tools.urlInvalid');
  return url;
}

async function lock(tx: Db, id: number) {
  const [row] = await tx.select().from(mcpServers).where(eq(mcpServers.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

const brief = (r: McpServerRow) => ({ name: r.name, url: r.url, enabled: r.enabled, hasToken: r.sealedToken !== null });

/**
 * Whether saving these fields hands a token to an address: a new token, or the stored one kept
 * for another address. Either asks for a fresh TOTP code, as a channel's key does.
 */
export async function sendsToken(db: Db, id: number | null, fields: Pick<McpFields, 'url' | 'token'>) {
  if (fields.token) return true;
  if (id === null) return false;
  const [row] = await db
    .select({ url: mcpServers.url, sealedToken: mcpServers.sealedToken })
    .from(mcpServers)
    .where(eq(mcpServers.id, id));
  return row !== undefined && row.sealedToken !== null && normalBaseUrl(fields.url) !== row.url;
}

export function createMcpServer(rt: Runtime, a: Act & { fields: McpFields }) {
  const url = checkedUrl(a.fields.url);
  const sealedToken = a.fields.token ? channelBox(rt).seal(a.fields.token) : null;
  return change(rt, a, 'mcp.create', async (tx) => {
    const [row] = await tx
      .insert(mcpServers)
      .values({ name: a.fields.name.trim(), url, sealedToken, enabled: a.fields.enabled })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { row, before: null };
  });
}

export function updateMcpServer(rt: Runtime, a: Act & { id: number; fields: McpFields }) {
  const url = checkedUrl(a.fields.url);
  return change(rt, a, 'mcp.update', async (tx) => {
    const was = await lock(tx, a.id);
    const sealedToken = a.fields.token ? channelBox(rt).seal(a.fields.token) : was.sealedToken;
    // Another address may serve other tools: the list is asked again before any is offered.
    const tools = url === was.url ? was.tools : [];
    const [row] = await tx
      .update(mcpServers)
      .set({ name: a.fields.name.trim(), url, sealedToken, enabled: a.fields.enabled, tools, updatedAt: new Date() })
      .where(eq(mcpServers.id, a.id))
      .returning();
    if (!row) throw notFound();
    return { row, before: brief(was) };
  });
}

export function deleteMcpServer(rt: Runtime, a: Act & { id: number }) {
  return change(rt, a, 'mcp.delete', async (tx) => {
    const was = await lock(tx, a.id);
    await tx.delete(mcpServers).where(eq(mcpServers.id, a.id));
    return { row: was, before: brief(was) };
  });
}

/** Which levels may call each tool; names the server does not list are refused. */
export function setMcpToolLevels(rt: Runtime, a: Act & { id: number; levels: Record<string, MemberLevel[]> }) {
  return change(rt, a, 'mcp.levels', async (tx) => {
    const was = await lock(tx, a.id);
    const known = new Set(was.tools.map((t) => t.name));
    if (Object.keys(a.levels).some((name) => !known.has(name))) throw bad('admin:tools.unknownTool');
    const tools = was.tools.map((t) => ({ ...t, levels: [...new Set(a.levels[t.name] ?? t.levels)] }));
    const [row] = await tx
      .update(mcpServers)
      .set({ tools, updatedAt: new Date() })
      .where(eq(mcpServers.id, a.id))
      .returning();
    if (!row) throw notFound();
    return { row, before: { tools: was.tools.map((t) => ({ name: t.name, levels: t.levels })) } };
  });
}

/**
 * Asks the server for its tools (through the registry's kept client) and stores them, keeping the
 * levels of tools it still lists; a failure is stored for the console to show, the list kept.
 */
export async function refreshMcpTools(rt: Runtime, a: Act & { id: number }): Promise<McpServerView | null> {
  const [row] = await rt.database.db.select().from(mcpServers).where(eq(mcpServers.id, a.id));
  if (!row) throw notFound();
  let listed: StoredMcpTool[] | null = null;
  let failure: string | null = null;
  try {
    const found = await rt.registry.mcp(targetOf(rt, row)).listTools(AbortSignal.timeout(rt.env.CHAT_TOOL_TIMEOUT_MS));
    const levels = new Map(row.tools.map((t) => [t.name, t.levels]));
    listed = found.slice(0, 100).map((t) => ({
      name: t.name.slice(0, 128),
      description: t.description.slice(0, 2000),
      inputSchema: t.inputSchema,
      levels: levels.get(t.name) ?? [],
    }));
  } catch (err) {
    failure = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  }
  return change(rt, a, 'mcp.refresh', async (tx) => {
    const was = await lock(tx, a.id);
    const [next] = await tx
      .update(mcpServers)
      .set(listed ? { tools: listed, lastError: null, listedAt: new Date() } : { lastError: failure })
      .where(eq(mcpServers.id, a.id))
      .returning();
    if (!next) throw notFound();
    return { row: next, before: { tools: was.tools.map((t) => t.name) } };
  });
}

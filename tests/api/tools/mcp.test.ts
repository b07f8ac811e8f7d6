import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, usageLedger } from '../../../src/server/db/schema';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { ask, startChatServer } from '../chat/chat-helpers';
import { readEvents, type SseEvent } from '../chat/fake-openai';
import { startFakeToolModel, type ToolReply, type ToolRequest } from '../chat/fake-tool-model';
import { createUserWithToken, type TestServer } from '../helpers';
import { startMcpTestServer } from './mcp-test-server';

const tools = (events: SseEvent[]) =>
  events.filter((e) => e.event === 'tool' && e.data.ok !== undefined).map((e) => e.data);

/** What each model calls (a tool of the MCP server, with these arguments) before it answers. */
const SCRIPT: Record<string, [string, string]> = {
  'mcp-add': ['add', '{"a":2,"b":3}'],
  'mcp-slow': ['slow', '{"ms":3000}'],
  'mcp-big': ['big', '{"chars":5000}'],
  'mcp-fail': ['fail', '{}'],
};
const MODELS = Object.keys(SCRIPT);

function decide(req: ToolRequest): ToolReply {
  if (!req.tools || req.messages.at(-1)?.role === 'tool') return { text: 'Done.' };
  const [tool, args] = SCRIPT[req.model] ?? ['', ''];
  const name = req.tools.map((t) => t.function.name).find((n) => n.endsWith(`_${tool}`));
  return name ? { calls: [{ name, arguments: args }] } : { text: 'No such tool.' };
}

describe('MCP servers: the console adds them, the chat calls their tools', () => {
  let mcp: Awaited<ReturnType<typeof startMcpTestServer>>;
  let model: Awaited<ReturnType<typeof startFakeToolModel>>;
  let srv: TestServer;
  let admin: Staff;
  let serverId: number;
  beforeAll(async () => {
    mcp = await startMcpTestServer({ token: 'mcp-secret' });
    model = await startFakeToolModel(decide);
    srv = await startChatServer({
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: 'sk-test',
      CHAT_MODELS: MODELS.join(','),
      CHAT_FREE_VISITOR_DAILY: '1000',
      CHAT_FREE_USER_DAILY: '1000',
      CHAT_TOOL_TIMEOUT_MS: '1000',
      MCP_MAX_BYTES: '4096',
    });
    admin = await makeStaff(srv, 'mcp-admin@example.com', 'admin');
  });
  afterAll(async () => {
    await srv?.dispose();
    await model?.close();
    await mcp?.close();
  });

  const call = (path: string, body: object) =>
    srv.call('POST', `/api/admin/tools/mcp${path}`, body, { cookie: admin.cookie });

  it('adds a server, lists its tools, and opens them to levels, each change audited', async () => {
    const bad = await call('', { name: 'x', url: 'ftp://nowhere', requestId: requestId() });
    expect(bad.status).toBe(400);
    // A token asks for a fresh code (mcp-token-code.test.ts); the session's first was step 0.
    const code = await codeFor(srv, admin.id, 1);
    const made = await call('', { name: 'Calc', url: mcp.url, token: 'mcp-secret', code, requestId: requestId() });
    expect(made.body.data.applied).toBe(true);
    serverId = made.body.data.server.id;
    expect(made.body.data.server).toMatchObject({ hasToken: true, tools: [] });
    expect(JSON.stringify(made.body)).not.toContain('mcp-secret');

    const listed = await call(`/${serverId}/refresh`, { requestId: requestId() });
    expect(listed.body.data.server.tools.map((t: { name: string }) => t.name)).toEqual(['add', 'slow', 'big', 'fail']);
    expect(listed.body.data.server.lastError).toBeNull();

    const unknown = await call(`/${serverId}/levels`, {
      levels: [{ tool: 'teleport', levels: ['user'] }],
      requestId: requestId(),
    });
    expect(unknown.status).toBe(400);
    const open = await call(`/${serverId}/levels`, {
      levels: [
        { tool: 'add', levels: ['user', 'member'] },
        { tool: 'slow', levels: ['user'] },
        { tool: 'big', levels: ['user'] },
        { tool: 'fail', levels: ['user'] },
      ],
      requestId: requestId(),
    });
    expect(open.body.data.server.tools.map((t: { levels: string[] }) => t.levels)).toEqual([
      ['user', 'member'],
      ['user'],
      ['user'],
      ['user'],
    ]);
    const audit = await srv.runtime.database.db
      .select({ action: adminAudit.action })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetType, 'mcp'), eq(adminAudit.targetId, String(serverId))));
    expect(audit.map((a) => a.action)).toEqual(['mcp.create', 'mcp.refresh', 'mcp.levels']);
  });

  it('offers a tool only to the levels it is open to, calls it, and audits and records the call', async () => {
    const visitor = await readEvents(await ask(srv, { prompt: 'Add', options: { model: MODELS[0] } }));
    expect(model.requests.at(-1)?.tools?.map((t) => t.function.name)).toEqual(['now']);
    expect(tools(visitor)).toEqual([]);

    const user = await createUserWithToken(srv, 'mcp-user@example.com');
    const before = mcp.requests;
    const events = await readEvents(await ask(srv, { prompt: 'Add', options: { model: MODELS[0] } }, user.headers));
    const offered = model.requests.at(-2)?.tools?.map((t) => t.function.name) ?? [];
    expect(offered).toEqual([
      'now',
      'draw',
      `mcp_${serverId}_add`,
      `mcp_${serverId}_slow`,
      `mcp_${serverId}_big`,
      `mcp_${serverId}_fail`,
    ]);
    expect(model.requests.at(-2)?.tools?.[2]?.function.parameters).toMatchObject({ required: ['a', 'b'] });
    expect(tools(events)).toMatchObject([{ name: `mcp_${serverId}_add`, ok: true, output: '5' }]);
    expect(mcp.calls.at(-1)).toEqual({ name: 'add', args: { a: 2, b: 3 } });

    // A second call reuses the kept client: no new initialize handshake (one request for the call).
    const again = mcp.requests;
    await readEvents(await ask(srv, { prompt: 'Add', options: { model: MODELS[0] } }, user.headers));
    expect(mcp.requests - again).toBeLessThan(again - before);

    const db = srv.runtime.database.db;
    const audit = await db
      .select({ after: adminAudit.after, actorId: adminAudit.actorId })
      .from(adminAudit)
      .where(eq(adminAudit.action, 'mcp.call'));
    expect(audit.at(-1)).toMatchObject({ actorId: user.id, after: { tool: 'add', ok: true } });
    const ledger = await db.select().from(usageLedger).where(eq(usageLedger.kind, 'tool'));
    expect(ledger.at(-1)).toMatchObject({ userId: user.id, provider: 'mcp', model: 'Calc/add', outcome: 'ok' });
  });

  it('ends a call past its time limit, refuses an answer past its size limit, and reports an error result', async () => {
    const user = await createUserWithToken(srv, 'mcp-limits@example.com');
    const slow = tools(await readEvents(await ask(srv, { prompt: 's', options: { model: MODELS[1] } }, user.headers)));
    expect(slow[0]).toMatchObject({ ok: false });
    expect(slow[0].output).toMatch(/did not answer within 1000 ms|timed out/i);
    const big = tools(await readEvents(await ask(srv, { prompt: 'b', options: { model: MODELS[2] } }, user.headers)));
    expect(big[0]).toMatchObject({ ok: false });
    expect(big[0].output).toMatch(/larger than 4096 bytes/);
    const fail = tools(await readEvents(await ask(srv, { prompt: 'f', options: { model: MODELS[3] } }, user.headers)));
    expect(fail[0]).toMatchObject({ ok: false, output: 'it broke' });
    // After the failures the kept client still works.
    const add = tools(await readEvents(await ask(srv, { prompt: 'a', options: { model: MODELS[0] } }, user.headers)));
    expect(add[0]).toMatchObject({ ok: true, output: '5' });
    const rows = await srv.runtime.database.db
      .select({ outcome: usageLedger.outcome, model: usageLedger.model })
      .from(usageLedger)
      .where(and(eq(usageLedger.kind, 'tool'), eq(usageLedger.userId, user.id)));
    expect(rows.map((r) => [r.model, r.outcome])).toEqual(
      expect.arrayContaining([
        ['Calc/big', 'failed'],
        ['Calc/fail', 'failed'],
        ['Calc/add', 'ok'],
      ]),
    );
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, adminTotp, mcpServers } from '../../../src/server/db/schema';
import { channelBox } from '../../../src/server/services/channels/box';
import { AdminCode } from '../../../src/shared/admin';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { startTestServer, type TestServer } from '../helpers';

// An MCP server's token lets the site act on that server: setting one, or sending the stored one
// to a new address, asks for a fresh TOTP code as a channel's key does (docs/chat.md#tools).

let srv: TestServer;
let admin: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'mcp-code-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

const call = (path: string, body: object) =>
  srv.call('POST', `/api/admin/tools/mcp${path}`, body, { cookie: `${admin.cookie}; lang=en-US` });

/** A code the server takes now: the last accepted step is forgotten first (a code is taken once a step). */
async function freshCode() {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  return codeFor(srv, admin.id);
}

const stored = async (id: number) => {
  const [row] = await srv.runtime.database.db.select().from(mcpServers).where(eq(mcpServers.id, id));
  return { url: row?.url, token: row?.sealedToken ? channelBox(srv.runtime).open(row.sealedToken) : null };
};
const audits = async () =>
  (await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.targetType, 'mcp'))).length;

describe("an MCP server's token needs a fresh TOTP code", () => {
  let id: number;

  it('adding a server with a token: refused without a code (nothing added), added with one', async () => {
    const body = { name: 'Calc', url: 'http://127.0.0.1:1/mcp', token: 'first-secret' };
    const refused = await call('', { ...body, requestId: requestId() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(AdminCode.TOTP_AGAIN);
    expect(await srv.runtime.database.db.select().from(mcpServers)).toEqual([]);
    expect(await audits()).toBe(0);
    const made = await call('', { ...body, code: await freshCode(), requestId: requestId() });
    expect(made.body.data.applied).toBe(true);
    id = made.body.data.server.id;
    expect(await stored(id)).toEqual({ url: 'http://127.0.0.1:1/mcp', token: 'first-secret' });
    // A server without a token needs none.
    const plain = await call('', { name: 'Open', url: 'http://127.0.0.1:2/mcp', requestId: requestId() });
    expect(plain.body.data.applied).toBe(true);
  });

  it('a new token: refused without a code, with a wrong or reused one; kept as it was', async () => {
    const body = { name: 'Calc', url: 'http://127.0.0.1:1/mcp', token: 'second-secret' };
    const audited = await audits();
    for (const code of [undefined, '000000']) {
      const res = await call(`/${id}`, { ...body, ...(code ? { code } : {}), requestId: requestId() });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(AdminCode.TOTP_AGAIN);
    }
    const code = await freshCode();
    expect((await call(`/${id}`, { ...body, code, requestId: requestId() })).body.data.applied).toBe(true);
    const again = await call(`/${id}`, { ...body, token: 'third-secret', code, requestId: requestId() });
    expect(again.status).toBe(403);
    expect(again.body.result).toMatch(/just used/);
    expect(await stored(id)).toEqual({ url: 'http://127.0.0.1:1/mcp', token: 'second-secret' });
    expect(await audits()).toBe(audited + 1);
  });

  it('the stored token sent to a new address needs a code; other edits do not', async () => {
    const rename = await call(`/${id}`, { name: 'Calculator', url: 'http://127.0.0.1:1/mcp', requestId: requestId() });
    expect(rename.body.data.applied).toBe(true);
    const moved = { name: 'Calculator', url: 'http://127.0.0.1:3/mcp' };
    const refused = await call(`/${id}`, { ...moved, requestId: requestId() });
    expect(refused.status).toBe(403);
    expect(await stored(id)).toEqual({ url: 'http://127.0.0.1:1/mcp', token: 'second-secret' });
    const ok = await call(`/${id}`, { ...moved, code: await freshCode(), requestId: requestId() });
    expect(ok.body.data.applied).toBe(true);
    expect(await stored(id)).toEqual({ url: 'http://127.0.0.1:3/mcp', token: 'second-secret' });
  });
});

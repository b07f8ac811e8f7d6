import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, channelKeys, modelChannels } from '../../../src/server/db/schema';
import { channelBox } from '../../../src/server/services/channels/box';
import { activeChannels } from '../../../src/server/services/channels/store';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, makeUser, openConsole, requestId, type Staff } from './admin-helpers';
import { addKey, channelBody, createChannel, model } from './channel-helpers';

let srv: TestServer;
let admin: Staff;
let operator: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'channels-admin@example.com', 'admin');
  operator = await makeStaff(srv, 'channels-op@example.com', 'operator');
}, 120_000);
afterAll(() => srv?.dispose());

const db = () => srv.runtime.database.db;
const list = async () => (await srv.call('GET', '/api/admin/channels', undefined, { cookie: admin.cookie })).body.data;

describe('channels in the console', () => {
  it('creates, edits and deletes a channel; the base URL loses its trailing slash; each change is audited', async () => {
    const id = await createChannel(srv, admin);
    const [row] = await db().select().from(modelChannels).where(eq(modelChannels.id, id));
    expect(row).toMatchObject({ kind: 'chat', flavour: 'openai', baseUrl: 'https://api.example.com/v1', weight: 2 });
    expect(row?.models[0]?.price).toEqual({ inputPer1k: 2500, outputPer1k: 10_000, perImage: 0, perSong: 0 });

    const edit = await srv.call(
      'POST',
      `/api/admin/channels/${id}`,
      channelBody({ name: 'Renamed', priority: 3, enabled: false, models: [model('other', ['member'])] }),
      { cookie: admin.cookie },
    );
    expect(edit.body).toMatchObject({ code: 200, data: { applied: true } });
    const shown = (await list()).find((c: { id: number }) => c.id === id);
    expect(shown).toMatchObject({ name: 'Renamed', priority: 3, enabled: false, keys: [] });
    expect(shown.models.map((m: { id: string }) => m.id)).toEqual(['other']);

    const gone = await srv.call(
      'POST',
      `/api/admin/channels/${id}/delete`,
      { requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(gone.body.data).toEqual({ applied: true });
    expect(await db().select().from(modelChannels).where(eq(modelChannels.id, id))).toEqual([]);
    const actions = (
      await db()
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.targetId, String(id)))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['channel.create', 'channel.update', 'channel.delete']));
  });

  it('a repeated request id acts once', async () => {
    const body = channelBody({ name: 'Once' });
    const first = await srv.call('POST', '/api/admin/channels', body, { cookie: admin.cookie });
    const again = await srv.call('POST', '/api/admin/channels', body, { cookie: admin.cookie });
    expect(first.body.data.applied).toBe(true);
    expect(again.body.data).toEqual({ applied: false });
    expect((await list()).filter((c: { name: string }) => c.name === 'Once')).toHaveLength(1);
  });

  it.each([
    [{ baseUrl: 'ftp://example.com' }, 'Enter the base URL as http:// or https:// address'],
    [{ baseUrl: 'not a url' }, 'Enter the base URL as http:// or https:// address'],
    [{ flavour: 'midjourney-proxy' }, 'This flavour does not belong to the chosen kind'],
    [{ kind: 'hologram' }, 'Choose what the channel serves'],
    [{ weight: 0 }, 'Weight is a whole number from 1 to 1000'],
    [{ weight: 1.5 }, 'Weight is a whole number from 1 to 1000'],
    [{ name: '  ' }, 'Give the channel a name'],
    [{ models: [model('a', ['user']), model('a', ['member'])] }, 'Each model id can appear only once'],
    [{ models: [model('bad id!', ['user'])] }, 'A model id uses letters'],
  ])('refuses %j with a translated 400', async (over, message) => {
    const res = await srv.call('POST', '/api/admin/channels', channelBody(over), {
      cookie: `${admin.cookie}; lang=en-US`,
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain(message);
    const zh = await srv.call('POST', '/api/admin/channels', channelBody(over), {
      cookie: `${admin.cookie}; lang=zh-CN`,
    });
    expect(zh.status).toBe(400);
    expect(zh.body.result).not.toContain(message);
  });

  it('refuses operators, plain users and visitors', async () => {
    const asOperator = await srv.call('GET', '/api/admin/channels', undefined, { cookie: operator.cookie });
    expect(asOperator.status).toBe(403);
    const create = await srv.call('POST', '/api/admin/channels', channelBody(), { cookie: operator.cookie });
    expect(create.status).toBe(403);
    const user = await makeUser(srv, 'channels-user@example.com');
    expect((await openConsole(srv, user.token)).cookie).toBe('');
    expect((await srv.call('GET', '/api/admin/channels')).status).toBe(404);
  });
});

describe('channel keys', () => {
  it('stores a key sealed, answers only its last four characters, and opens it for the router only', async () => {
    const id = await createChannel(srv, admin, { name: 'Keyed' });
    const secret = 'sk-live-abcdefgh12345678WXYZ';
    const added = await addKey(srv, id, secret);
    expect(added.body).toMatchObject({ code: 200, data: { applied: true } });
    expect(JSON.stringify(added.body)).not.toContain('abcdefgh');

    const [row] = await db().select().from(channelKeys).where(eq(channelKeys.channelId, id));
    expect(row?.last4).toBe('WXYZ');
    expect(row?.sealed).not.toContain(secret);
    expect(row?.sealed).not.toContain('abcdefgh');
    expect(channelBox(srv.runtime).open(row?.sealed ?? '')).toBe(secret);

    const listed = JSON.stringify(await list());
    expect(listed).not.toContain('abcdefgh');
    expect(listed).not.toContain(row?.sealed);
    const audit = JSON.stringify(await db().select().from(adminAudit).where(eq(adminAudit.action, 'channel.key.add')));
    expect(audit).not.toContain('abcdefgh');

    const active = (await activeChannels(srv.runtime, 'chat')).find((c) => c.id === id);
    expect(active?.keys).toEqual([{ id: row?.id, secret, cooldownUntil: null }]);
  });

  it('adding a key asks for a fresh code; a short key is refused in words', async () => {
    const id = await createChannel(srv, admin, { name: 'Guarded' });
    const noCode = await srv.call(
      'POST',
      `/api/admin/channels/${id}/keys`,
      { secret: 'sk-12345678', code: '000000', requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(noCode.status).toBe(403);
    const short = await srv.call(
      'POST',
      `/api/admin/channels/${id}/keys`,
      { secret: 'abc', code: '123456', requestId: requestId() },
      { cookie: `${admin.cookie}; lang=en-US` },
    );
    expect(short.status).toBe(400);
    expect(short.body.result).toContain('8 to 512 visible characters');
    expect(await db().select().from(channelKeys).where(eq(channelKeys.channelId, id))).toEqual([]);
  });

  it('disables, enables and deletes a key; a disabled key is not handed to the router', async () => {
    const id = await createChannel(srv, admin, { name: 'Switch' });
    await addKey(srv, id, 'sk-switch-key-0001');
    const [row] = await db().select().from(channelKeys).where(eq(channelKeys.channelId, id));
    const keyPath = `/api/admin/channels/${id}/keys/${row?.id}`;
    const off = await srv.call(
      'POST',
      `${keyPath}/enabled`,
      { enabled: false, requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(off.body.data).toEqual({ applied: true });
    expect((await activeChannels(srv.runtime, 'chat')).find((c) => c.id === id)?.keys).toEqual([]);
    const shown = (await list()).find((c: { id: number }) => c.id === id);
    expect(shown.keys).toEqual([
      expect.objectContaining({ last4: '0001', enabled: false, failures: 0, lastError: null }),
    ]);

    await srv.call('POST', `${keyPath}/enabled`, { enabled: true, requestId: requestId() }, { cookie: admin.cookie });
    expect((await activeChannels(srv.runtime, 'chat')).find((c) => c.id === id)?.keys).toHaveLength(1);

    const del = await srv.call('POST', `${keyPath}/delete`, { requestId: requestId() }, { cookie: admin.cookie });
    expect(del.body.data).toEqual({ applied: true });
    expect(await db().select().from(channelKeys).where(eq(channelKeys.channelId, id))).toEqual([]);
    const wrong = await srv.call(
      'POST',
      `/api/admin/channels/${id + 999}/keys/${row?.id}/delete`,
      { requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(wrong.status).toBe(404);
  });

  it('a disabled channel leaves the router at once', async () => {
    const id = await createChannel(srv, admin, { name: 'Soon off', kind: 'music', flavour: 'suno-api', models: [] });
    expect((await activeChannels(srv.runtime, 'music')).map((c) => c.id)).toContain(id);
    await srv.call(
      'POST',
      `/api/admin/channels/${id}`,
      channelBody({ name: 'Soon off', kind: 'music', flavour: 'suno-api', models: [], enabled: false }),
      { cookie: admin.cookie },
    );
    expect((await activeChannels(srv.runtime, 'music')).map((c) => c.id)).not.toContain(id);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { channelBody, createChannel, model } from '../admin/channel-helpers';
import { createUserWithToken, startTestServer, type TestServer, testEnv } from '../helpers';

// The chat's models come from the enabled chat channels, per member level (docs/channels.md#levels).

let srv: TestServer;
let admin: Staff;
let user: { id: number; token: string };
let member: { id: number; token: string };

beforeAll(async () => {
  srv = await startTestServer({ CHAT_FREE_VISITOR_DAILY: '5' });
  admin = await makeStaff(srv, 'chat-channels-admin@example.com', 'admin');
  user = await createUserWithToken(srv, 'chat-channels-user@example.com');
  member = await createUserWithToken(srv, 'chat-channels-member@example.com');
  await srv.runtime.database.db
    .update(users)
    .set({ vipType: 1, endDate: new Date(Date.now() + 7 * 86_400_000) })
    .where(eq(users.id, member.id));
}, 120_000);
afterAll(() => srv?.dispose());

const auth = (who: { token: string } | null, lang = 'en-US') => ({
  cookie: `lang=${lang}`,
  ...(who ? { authorization: `Bearer ${who.token}` } : {}),
});
const offer = async (who: { token: string } | null, lang = 'en-US') =>
  (await srv.call('GET', '/api/chat/models', undefined, auth(who, lang))).body.data;

describe('chat models from channels', () => {
  it('without a chat channel, offers the environment model to everyone', async () => {
    expect(await offer(null)).toMatchObject({ mode: 'offline', models: ['miaobi-offline', 'miaobi-offline-reasoner'] });
  });

  it('offers each level its models, named and described in the page language, with capabilities', async () => {
    await createChannel(srv, admin, {
      models: [
        model('open-model', ['visitor', 'user', 'member'], { vision: true, contextTokens: 128_000 }),
        model('user-model', ['user', 'member']),
        model('member-model', ['member'], { reasoning: true }),
      ],
    });
    // A disabled channel's models are not offered.
    await createChannel(srv, admin, { name: 'Off', enabled: false, models: [model('off-model', ['visitor'])] });

    expect((await offer(null)).models).toEqual(['open-model']);
    expect((await offer(user)).models).toEqual(['open-model', 'user-model']);
    const m = await offer(member);
    expect(m).toMatchObject({ mode: 'openai', defaultModel: 'open-model' });
    expect(m.models).toEqual(['open-model', 'user-model', 'member-model']);
    expect(m.details[0]).toEqual({
      id: 'open-model',
      name: 'open-model English',
      description: 'open-model description',
      vision: true,
      reasoning: false,
      contextTokens: 128_000,
    });
    expect(m.details[2]).toMatchObject({ id: 'member-model', reasoning: true });
    expect((await offer(member, 'zh-CN')).details[0].name).toBe('open-model 中文名');
    expect((await offer(member, 'zh-TW')).details[1].description).toBe('user-model 說明');
  });

  it('refuses a member-only model to a visitor with a translated 403, spending none of the day', async () => {
    const before = (await srv.call('GET', '/api/chat/quota')).body.data.used;
    const res = await srv.call(
      'POST',
      '/api/chat/process',
      { prompt: 'hi', options: { model: 'member-model' } },
      auth(null),
    );
    expect(res.status).toBe(403);
    expect(res.body.result).toBe('This model needs you to sign in; sign in or pick another model');
    const zh = await srv.call(
      'POST',
      '/api/chat/process',
      { prompt: 'hi', options: { model: 'member-model' } },
      auth(null, 'zh-CN'),
    );
    expect(zh.body.result).toContain('需要登录');
    const asUser = await srv.call(
      'POST',
      '/api/chat/process',
      { prompt: 'hi', options: { model: 'member-model' } },
      auth(user),
    );
    expect(asUser.status).toBe(403);
    expect(asUser.body.result).toContain('members only');
    expect((await srv.call('GET', '/api/chat/quota')).body.data.used).toBe(before);
  });

  it('answers a member with the member model, and a visitor with the open one', async () => {
    const asMember = await srv.call(
      'POST',
      '/api/chat/process',
      { prompt: 'hi', options: { model: 'member-model' } },
      auth(member),
    );
    expect(asMember.status).toBe(200);
    expect(String(asMember.body)).toContain('"model":"member-model"');
    const visitor = await srv.call('POST', '/api/chat/process', { prompt: 'hi' }, auth(null));
    expect(String(visitor.body)).toContain('"model":"open-model"');
  });

  it('drops a model from the offer as soon as its channel changes', async () => {
    const id = await createChannel(srv, admin, { name: 'Later', models: [model('late-model', ['visitor'])] });
    expect((await offer(null)).models).toContain('late-model');
    await srv.call(
      'POST',
      `/api/admin/channels/${id}`,
      channelBody({ name: 'Later', models: [model('late-model', ['member'])], requestId: requestId() }),
      { cookie: admin.cookie },
    );
    expect((await offer(null)).models).not.toContain('late-model');
  });

  it.runIf(inject('postgresUrl'))('a change reaches a second process at once (NOTIFY, PostgreSQL)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-second-'));
    const second = await startServer(
      testEnv({ dataDir, databaseUrl: srv.runtime.env.DATABASE_URL }),
      createLogger('silent'),
    );
    try {
      const models = async () =>
        ((await (await fetch(`${second.url}/api/chat/models`)).json()).data.models as string[]) ?? [];
      expect(await models()).toContain('open-model');
      await createChannel(srv, admin, { name: 'Elsewhere', models: [model('far-model', ['visitor'])] });
      await expect.poll(models).toContain('far-model');
    } finally {
      await second.stop(1000);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

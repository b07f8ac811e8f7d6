import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAudit } from '../../../src/server/db/schema';
import { webSource } from '../../../src/server/services/web-search/chat-source';
import { readSearchQuota } from '../../../src/server/services/web-search/quota';
import { searchTarget } from '../../../src/server/services/web-search/setting';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { startTestServer, type TestServer } from '../helpers';
import { bochaFake, type Fake, type Listed } from './fake-search';

// The console's web search page (docs/web-search.md#console): the setting round trip with the key
// never answered, the health probe, the sandbox rule, the way back to the environment.

const SECRET = 'sk-bocha-0123456789abcdef-WXYZ';
const results: Listed[] = [{ title: 'Hit', url: 'https://hit.example/', snippet: 'hit', site: 'Hit' }];
let srv: TestServer;
let admin: Staff;
let bocha: Fake;
let admins = 0;

beforeAll(async () => {
  bocha = await bochaFake(SECRET, results);
  srv = await startTestServer();
  admin = await makeStaff(srv, 'web-search-admin@example.com', 'admin');
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await bocha?.close();
});

const read = () => srv.call('GET', '/api/admin/web-search', undefined, { cookie: admin.cookie });
const save = async (body: Record<string, unknown>, lang = 'en-US', as = admin) =>
  srv.call(
    'POST',
    '/api/admin/web-search',
    { baseUrl: '', costMicros: 0, requestId: requestId(), ...body },
    { cookie: `${as.cookie}; lang=${lang}` },
  );
/** Saves a new key as a fresh admin (a TOTP code is accepted once, so each key gets its own admin). */
async function saveKey(body: Record<string, unknown>) {
  const boss = await makeStaff(srv, `web-search-key-${++admins}@example.com`, 'admin');
  return save({ ...body, code: await codeFor(srv, boss.id, 1) }, 'en-US', boss);
}

describe('console web search', () => {
  it('starts off and says how to turn it on; the chat source is unavailable', async () => {
    const res = await read();
    expect(res.body.data).toMatchObject({ setting: { provider: 'off', source: 'env', hasKey: false }, active: false });
    expect(await webSource.available(srv.runtime)).toBe(false);
  });

  it('saves a provider with its key sealed; the key is never answered, only its last four', async () => {
    const saved = await saveKey({ provider: 'bocha', baseUrl: bocha.url, secret: SECRET, costMicros: 36_000 });
    expect(saved.body).toMatchObject({ code: 200, data: { applied: true } });
    const res = await read();
    expect(JSON.stringify(res.body)).not.toContain(SECRET.slice(0, -4));
    expect(res.body.data).toMatchObject({
      setting: {
        provider: 'bocha',
        baseUrl: bocha.url,
        hasKey: true,
        last4: 'WXYZ',
        costMicros: 36_000,
        source: 'console',
      },
      active: true,
    });
    const stored = await srv.runtime.database.db.query.webSearchSettings.findFirst();
    expect(stored?.sealed).toBeTruthy();
    expect(stored?.sealed).not.toContain(SECRET);
    expect(await webSource.available(srv.runtime)).toBe(true);
    // Saved again without a key: the stored one stays.
    expect((await save({ provider: 'bocha', baseUrl: bocha.url, costMicros: 40_000 })).body.data.applied).toBe(true);
    expect((await read()).body.data.setting).toMatchObject({ hasKey: true, last4: 'WXYZ', costMicros: 40_000 });
    const audit = await srv.runtime.database.db.select().from(adminAudit);
    expect(JSON.stringify(audit.filter((a) => a.action === 'websearch.change'))).not.toContain(SECRET);
  });

  it('builds the adapter once per setting, and again after a settings change in any process (NOTIFY)', async () => {
    const target = await searchTarget(srv.runtime);
    if (!target) throw new Error('no target');
    const first = srv.runtime.registry.webSearch(target);
    expect(srv.runtime.registry.webSearch({ ...target })).toBe(first);
    expect((await save({ provider: 'bocha', baseUrl: bocha.url, costMicros: 40_000 })).body.data.applied).toBe(true);
    await vi.waitFor(() => expect(srv.runtime.registry.webSearch(target)).not.toBe(first));
  });

  it('the health probe searches once with the saved setting, and writes it to the usage', async () => {
    const ok = await srv.call('POST', '/api/admin/web-search/test', undefined, {
      cookie: `${admin.cookie}; lang=en-US`,
    });
    expect(ok.body.data).toMatchObject({ ok: true, kind: null, results: 1 });
    expect(ok.body.data.message).toMatch(/works: 1 results/);
    expect(bocha.seen.at(-1)?.authorization).toBe(`Bearer ${SECRET}`);
    const usage = (await read()).body.data;
    expect(usage.providers).toEqual([
      expect.objectContaining({ provider: 'bocha', searches: 1, failed: 0, costMicros: 40_000 }),
    ]);
    expect(usage.days.at(-1)).toMatchObject({ searches: 1, failed: 0 });
    // A new, wrong key: the probe says so in words.
    const wrong = await saveKey({ provider: 'bocha', baseUrl: bocha.url, secret: 'sk-wrong-key', costMicros: 40_000 });
    expect(wrong.body.data.applied).toBe(true);
    const bad = await srv.call('POST', '/api/admin/web-search/test', undefined, {
      cookie: `${admin.cookie}; lang=en-US`,
    });
    expect(bad.body.data).toMatchObject({ ok: false, kind: 'badKey' });
    expect(bad.body.data.message).toMatch(/refused the key/);
    expect((await read()).body.data.providers[0]).toMatchObject({ searches: 2, failed: 1 });
  });

  it('refuses, translated and changing nothing: a new key without a fresh code, a missing key or address, a bad URL', async () => {
    const before = (await read()).body.data.setting;
    expect((await save({ provider: 'tavily', secret: 'tvly-1' })).status).toBe(403);
    const noKey = await save({ provider: 'tavily' }, 'zh-CN');
    expect(noKey.status).toBe(400);
    expect(noKey.body.result).toBe('这个搜索服务需要 API 密钥。');
    expect((await save({ provider: 'searxng' })).body.result).toBe('This search service needs its address.');
    const url = await save({ provider: 'searxng', baseUrl: 'ftp://x' }, 'zh-TW');
    expect(url.status).toBe(400);
    expect(url.body.result).toMatch(/服務位址必須是/);
    expect((await save({ provider: 'google' })).status).toBe(400);
    expect((await read()).body.data.setting).toEqual(before);
  });

  it('the sandbox may not be picked on a public origin without ALLOW_SANDBOX, nor run there', async () => {
    const env = srv.runtime.env;
    const was = { PUBLIC_ORIGIN: env.PUBLIC_ORIGIN, ALLOW_SANDBOX: env.ALLOW_SANDBOX };
    expect((await save({ provider: 'sandbox' })).body.data.applied).toBe(true);
    expect(await webSource.available(srv.runtime)).toBe(true);
    try {
      Object.assign(env, { PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: false });
      expect(await webSource.available(srv.runtime)).toBe(false);
      const refused = await save({ provider: 'sandbox', costMicros: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.result).toMatch(/ALLOW_SANDBOX=true/);
      expect((await read()).body.data).toMatchObject({ active: false, sandboxAllowed: false });
    } finally {
      Object.assign(env, was);
    }
  });

  it('going back to the environment drops the console row', async () => {
    const res = await srv.call(
      'POST',
      '/api/admin/web-search/reset',
      { requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(res.body.data.applied).toBe(true);
    expect((await read()).body.data.setting).toMatchObject({ provider: 'off', source: 'env' });
    const again = await srv.call(
      'POST',
      '/api/admin/web-search/reset',
      { requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect(again.status).toBe(400);
  });

  it("each level's daily allowance is a console setting", async () => {
    const visitor = { userId: null, ip: '198.51.100.7' };
    expect((await readSearchQuota(srv.runtime, visitor)).limit).toBe(0);
    const boss = await makeStaff(srv, 'web-search-quota@example.com', 'admin');
    const res = await srv.call(
      'POST',
      '/api/admin/settings',
      { values: { WEB_SEARCH_VISITOR_DAILY: 7 }, requestId: requestId(), code: await codeFor(srv, boss.id, 1) },
      { cookie: boss.cookie },
    );
    expect(res.body.code).toBe(200);
    expect((await readSearchQuota(srv.runtime, visitor)).limit).toBe(7);
  });

  it('is the admin’s alone', async () => {
    const operator = await makeStaff(srv, 'web-search-operator@example.com', 'operator');
    const res = await srv.call('GET', '/api/admin/web-search', undefined, { cookie: operator.cookie });
    expect(res.status).toBe(403);
  });
});

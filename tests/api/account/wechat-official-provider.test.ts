import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfficialWechat, WechatApiError } from '../../../src/server/providers/wechat/official';
import { APP_ID, APP_SECRET, type FakeWechat, startFakeWechat } from './fake-wechat';

// The provider against a loopback server speaking WeChat's formats; no database needed.
let fake: FakeWechat;
beforeAll(async () => {
  fake = await startFakeWechat();
});
afterAll(() => fake?.close());

const scene = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');
const provider = (now?: () => number) =>
  createOfficialWechat({ appId: APP_ID, secret: APP_SECRET, apiBase: fake.url, now });

describe('official account provider', () => {
  it('renders the QR content as a data: URL, with the token fetched once for two QRs', async () => {
    const before = fake.tokenCalls;
    const p = provider();
    const [s1, s2] = [scene(), scene()];
    const first = await p.createLoginQr(s1);
    const second = await p.createLoginQr(s2);
    expect(first.filePath).toMatch(/^data:image\/png;base64,/);
    expect(first).toMatchObject({ qrcode: fake.qrUrl(s1), expiresInSeconds: 300 });
    expect(second.qrcode).toBe(fake.qrUrl(s2));
    expect(fake.tokenCalls - before).toBe(1);
    expect(fake.qrBodies.at(-1)).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: s2 } },
    });
  });

  it('shares one token fetch between concurrent callers and refreshes it before expiry', async () => {
    let now = 1_000_000;
    const p = provider(() => now);
    const before = fake.tokenCalls;
    await Promise.all([p.createLoginQr(scene()), p.createLoginQr(scene()), p.createLoginQr(scene())]);
    expect(fake.tokenCalls - before).toBe(1);
    now += (7200 - 300) * 1000 - 1;
    await p.createLoginQr(scene());
    expect(fake.tokenCalls - before).toBe(1);
    now += 2;
    await p.createLoginQr(scene());
    expect(fake.tokenCalls - before).toBe(2);
  });

  it('drops a token WeChat calls expired (42001) and retries once', async () => {
    const p = provider();
    await p.createLoginQr(scene());
    const before = fake.tokenCalls;
    fake.expireCurrentToken();
    const s = scene();
    expect((await p.createLoginQr(s)).qrcode).toBe(fake.qrUrl(s));
    expect(fake.tokenCalls - before).toBe(1);
  });

  it('throws other errcodes, and gives up after one retry', async () => {
    const p = provider();
    fake.failNextQr(45009, 'reach max api daily quota limit');
    await expect(p.createLoginQr(scene())).rejects.toMatchObject({
      errcode: 45009,
      errmsg: 'reach max api daily quota limit',
    });
    const wrongSecret = createOfficialWechat({ appId: APP_ID, secret: 'nope', apiBase: fake.url });
    const err = await wrongSecret.createLoginQr(scene()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WechatApiError);
    expect(err).toMatchObject({ errcode: 40125 });
    expect(String(err)).not.toContain('nope');
    fake.rejectAllTokens(true);
    try {
      const before = fake.tokenCalls;
      await expect(provider().createLoginQr(scene())).rejects.toMatchObject({ errcode: 40001 });
      expect(fake.tokenCalls - before).toBe(2);
    } finally {
      fake.rejectAllTokens(false);
    }
  });
});

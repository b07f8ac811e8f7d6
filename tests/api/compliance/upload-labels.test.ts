// An app icon's implicit AI label, read when it is uploaded, reaches the store as the app's badge;
// an icon without one shows none.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelXmp } from '../../../src/server/providers/image/label';
import { aigcRecord } from '../../../src/shared/compliance';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(() => srv?.dispose());

const tile = () => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 90, b: 200 } } });
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe('an uploaded app icon', () => {
  it("carries its implicit AI label into the store's listing; a plain icon carries none", async () => {
    const u = await createUserWithToken(srv, 'icon-labels@example.com');
    const labelled = await tile()
      .png()
      .withXmp(labelXmp(aigcRecord({ serviceName: 'Some AI', filingCode: '' }, 'ext-1')))
      .toBuffer();
    const plain = await tile().png().toBuffer();
    const made: Record<string, number> = {};
    for (const [title, png] of [
      ['标注图标应用', labelled],
      ['普通图标应用', plain],
    ] as const) {
      const icon = await srv.call('POST', '/api/app/icon', { image: dataUrl(png) }, u.headers);
      expect(icon.status, JSON.stringify(icon.body)).toBe(200);
      const body = { promptTitle: title, promptContent: '你好', iconUrl: icon.body.data.iconUrl, published: true };
      const created = await srv.call('POST', '/api/app/create', body, u.headers);
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      made[title] = created.body.data.id;
    }
    const store = await srv.call('POST', '/api/prompt/list/all', { pageNum: 1, pageSize: 50, content: '图标应用' });
    const byId = new Map(
      (store.body.data.records as { id: number; iconAigc: string | null }[]).map((a) => [a.id, a.iconAigc]),
    );
    expect(byId.get(made.标注图标应用 as number)).toBe('generated');
    expect(byId.get(made.普通图标应用 as number)).toBeNull();
  });
});

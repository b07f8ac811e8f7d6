// An uploaded picture's implicit AI label, read when it is uploaded, reaches where the picture is
// public: an app icon's in the store, a chat picture's on a share; a picture without one shows none.
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelXmp } from '../../../src/server/providers/image/label';
import { shareView } from '../../../src/server/services/chat/share-view';
import { readShare, sharedImageMarks } from '../../../src/server/services/chat/shares';
import { aigcRecord } from '../../../src/shared/compliance';
import { upload } from '../chat/attachment-helpers';
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

describe('a picture attached to a chat question', () => {
  it('shows its implicit AI label where a share makes it public; a plain one shows none; the snapshot cannot claim one', async () => {
    const u = await createUserWithToken(srv, 'chat-labels@example.com');
    const labelled = await tile()
      .png()
      .withXmp(labelXmp(aigcRecord({ serviceName: 'Some AI', filingCode: '' }, 'ext-2')))
      .toBuffer();
    // SD WebUI's PNG text chunk names its generator: suspected, not stated.
    const sd = await tile()
      .png()
      .toBuffer()
      .then((png) => withTextChunk(png, 'parameters', 'a cat, Steps: 20, Sampler: Euler a'));
    const plain = await tile().png().toBuffer();
    const sent = [];
    for (const [name, bytes] of [
      ['labelled.png', labelled],
      ['sd.png', sd],
      ['plain.png', plain],
    ] as const) {
      const up = await upload(srv, { name, bytes, type: 'image/png' }, u.token);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      sent.push(up.body.data);
    }
    // What the browser sends is its own word: a claimed mark is not read.
    const forged = { ...sent[2], aigcMark: 'generated', aigc: 'generated' };
    const question = {
      id: 'q',
      dateTime: 1,
      inversion: true,
      text: '这些图是什么',
      attachments: [...sent.slice(0, 2), forged],
    };
    const answer = { id: 'a', dateTime: 2, inversion: false, text: '三张图。' };
    const body = { conversationUuid: 41, title: 'Labels', messages: [question, answer] };
    const made = await srv.call('POST', '/api/chat/shares', body, u.headers);
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const state = await readShare(srv.runtime.database.db, made.body.data.id);
    if (state.kind !== 'live') throw new Error('share not live');
    const view = shareView(state.share, { copyCode: 'copy' }, await sharedImageMarks(srv.runtime, state.share));
    expect(view.messages[0]?.images.map((i) => [i.name, i.aigc])).toEqual([
      ['labelled.png', 'generated'],
      ['sd.png', 'suspected'],
      ['plain.png', null],
    ]);
  });
});

/** The PNG with a tEXt chunk before IEND, as SD WebUI writes its generation parameters. */
function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]);
  const type = Buffer.from('tEXt', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), length, type, data, crc, png.subarray(iend)]);
}

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeFiles } from '../../../src/server/db/schema';
import { makeDocx, makePdf, tinyPng } from '../../fixtures/attachment-files';
import { HTML_PAGE, makePagedPdf } from '../../fixtures/knowledge-files';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { isConnected, openSocket } from '../socket-helpers';
import { addAndSettle, createBase, en, type Member, search, settled, uploadFile } from './knowledge-helpers';

// Knowledge bases end to end (docs/knowledge.md): each format read, chunked and searchable; a
// failed file's reason; deletion taking passages and stored bytes; owner checks; pushed progress;
// web pages through the download guard.

let srv: TestServer;
let alice: Member;
let bob: Member;
let pages: Server;
let pagesUrl: string;

beforeAll(async () => {
  pages = createServer((req, res) => {
    if (req.url === '/tea.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(HTML_PAGE);
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/tea.html' });
      res.end();
    } else if (req.url === '/big') {
      // One byte past KNOWLEDGE_FILE_MAX_BYTES (1000 KiB by default), streamed without a length.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a'.repeat(1000 * 1024));
      res.end('a');
    } else if (req.url === '/picture') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(tinyPng);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  srv = await startTestServer({
    DOWNLOAD_ALLOW_PRIVATE: 'true',
    KNOWLEDGE_SEARCH_PER_MINUTE: '1000',
    KNOWLEDGE_BASES_USER: '50',
  });
  alice = await createUserWithToken(srv, 'kb-alice@example.com');
  bob = await createUserWithToken(srv, 'kb-bob@example.com');
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await new Promise((r) => pages?.close(r));
});

const chunkCount = async (fileId: number) =>
  (
    await srv.runtime.database.db.select({ n: count() }).from(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId))
  )[0]?.n ?? 0;
const storedPath = async (fileId: number) => {
  const [row] = await srv.runtime.database.db
    .select({ key: knowledgeFiles.storageKey })
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.id, fileId));
  return path.join(srv.runtime.env.DATA_DIR, 'files', row?.key ?? 'none');
};

describe('knowledge bases', () => {
  it('creates, lists, renames and deletes a base; names are checked and errors translated', async () => {
    const made = await srv.call('POST', '/api/knowledge/bases', { name: '  手册  ' }, alice.headers);
    expect(made.body.data).toMatchObject({ name: '手册', files: 0, bytes: 0, chunks: 0, failed: 0 });
    const id = made.body.data.id as number;
    const empty = await srv.call('POST', '/api/knowledge/bases', { name: '   ' }, en(alice));
    expect(empty.status).toBe(400);
    const renamed = await srv.call('PATCH', `/api/knowledge/bases/${id}`, { name: '员工手册' }, alice.headers);
    expect(renamed.body.data.name).toBe('员工手册');
    const list = await srv.call('GET', '/api/knowledge/bases', undefined, alice.headers);
    expect(list.body.data.bases.map((b: { id: number; name: string }) => [b.id, b.name])).toContainEqual([
      id,
      '员工手册',
    ]);
    expect(list.body.data.quota).toMatchObject({ member: false, vectors: false });
    expect((await srv.call('DELETE', `/api/knowledge/bases/${id}`, undefined, alice.headers)).body.code).toBe(200);
    const gone = await srv.call('DELETE', `/api/knowledge/bases/${id}`, undefined, en(alice));
    expect(gone.status).toBe(404);
    expect(gone.body.result).toBe('No such knowledge base');
    expect((await srv.call('GET', '/api/knowledge/bases')).body.code).toBe(1000001);
  });

  it('reads each format: TXT, Markdown, HTML (no script or navigation), DOCX, and PDF with its pages', async () => {
    const base = await createBase(srv, alice, '格式');
    const txt = await addAndSettle(srv, alice, base.id, {
      name: '说明.txt',
      bytes: '第一章 总则\n本制度适用于全体员工。每位员工都应遵守考勤规定！\n第二章 考勤\n上班时间为早上九点。',
    });
    expect(txt).toMatchObject({ status: 'ready', kind: 'txt', failReason: null });
    const md = await addAndSettle(srv, alice, base.id, { name: 'notes.md', bytes: '# 标题\n\n马克当的段落说明。' });
    expect(md).toMatchObject({ status: 'ready', kind: 'md' });
    const html = await addAndSettle(srv, alice, base.id, { name: 'tea.html', bytes: HTML_PAGE });
    expect(html).toMatchObject({ status: 'ready', kind: 'html' });
    const docx = await addAndSettle(srv, alice, base.id, {
      name: '报告.docx',
      bytes: await makeDocx(['季度报告', '本季度销售额增长了百分之十二。']),
    });
    expect(docx).toMatchObject({ status: 'ready', kind: 'docx' });
    const pdf = await addAndSettle(srv, alice, base.id, {
      name: 'guide.pdf',
      bytes: makePagedPdf(['Welcome to the guide.', 'The warranty lasts two years.', 'Contact support by mail.']),
    });
    expect(pdf).toMatchObject({ status: 'ready', kind: 'pdf' });

    const found = async (q: string) => (await search(srv, alice, base.id, q, 3)).passages[0];
    expect(await found('考勤规定')).toMatchObject({ fileName: '说明.txt' });
    expect((await found('考勤规定'))?.text).toContain('遵守考勤规定');
    expect(await found('销售额增长')).toMatchObject({ fileName: '报告.docx', page: null });
    expect((await found('龙井冲泡水温'))?.text).toContain('八十度');
    expect(await found('warranty')).toMatchObject({ fileName: 'guide.pdf', page: 2 });
    expect(await found('support')).toMatchObject({ page: 3 });
    // What the page ran or navigated by is not text of the page.
    expect((await search(srv, alice, base.id, '脚本 收入')).passages).toEqual([]);
    expect((await search(srv, alice, base.id, '首页 关于我们')).passages).toEqual([]);
  }, 60_000);

  it('refuses what it cannot read at once (400, nothing stored), and fails an unreadable file with its reason', async () => {
    const base = await createBase(srv, alice, '坏文件');
    const png = await uploadFile(srv, alice, base.id, { name: 'dot.png', bytes: tinyPng });
    expect(png.status).toBe(400);
    expect(png.body.result).toBe('Only PDF, DOCX, TXT, Markdown and HTML files can be added');
    expect((await uploadFile(srv, alice, base.id, { name: 'e.txt', bytes: '' })).status).toBe(400);
    const form = new FormData();
    form.append('other', 'no file here');
    const noFile = await fetch(`${srv.url}/api/knowledge/bases/${base.id}/files`, {
      method: 'POST',
      headers: en(alice),
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { result: string }).result).toMatch(/Choose a file to upload/);
    const encrypted = await uploadFile(srv, alice, base.id, {
      name: 'secret.pdf',
      bytes: makePdf('hidden', { encrypted: true }),
    });
    expect(encrypted.status).toBe(200);
    const failed = await settled(srv, alice, base.id, encrypted.body.data.id);
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toMatch(/encrypted or password-protected/);
    // The same file read in Chinese.
    const zh = await srv.call('GET', `/api/knowledge/bases/${base.id}/files`, undefined, {
      ...alice.headers,
      cookie: 'lang=zh-CN',
    });
    expect(zh.body.data.files[0].failReason).toContain('已加密');
    const listed = await srv.call('GET', '/api/knowledge/bases', undefined, alice.headers);
    expect(listed.body.data.bases.find((b: { id: number }) => b.id === base.id)).toMatchObject({ files: 1, failed: 1 });
  });

  it('deleting a file or a base removes its passages and stored bytes', async () => {
    const base = await createBase(srv, alice, '删除');
    const a = await addAndSettle(srv, alice, base.id, { name: 'a.txt', bytes: '苹果是一种水果。' });
    const b = await addAndSettle(srv, alice, base.id, { name: 'b.txt', bytes: '香蕉也是一种水果。' });
    const [pathA, pathB] = [await storedPath(a.id), await storedPath(b.id)];
    expect(existsSync(pathA) && existsSync(pathB)).toBe(true);
    expect(await chunkCount(a.id)).toBeGreaterThan(0);
    const del = await srv.call('DELETE', `/api/knowledge/bases/${base.id}/files/${a.id}`, undefined, alice.headers);
    expect(del.body.code).toBe(200);
    expect(await chunkCount(a.id)).toBe(0);
    expect(existsSync(pathA)).toBe(false);
    expect((await search(srv, alice, base.id, '苹果')).passages).toEqual([]);
    await srv.call('DELETE', `/api/knowledge/bases/${base.id}`, undefined, alice.headers);
    expect(await chunkCount(b.id)).toBe(0);
    expect(existsSync(pathB)).toBe(false);
  });

  it('deleting the account removes its knowledge files from storage', async () => {
    const dave = await createUserWithToken(srv, 'kb-dave@example.com');
    const base = await createBase(srv, dave, '将删除');
    const file = await addAndSettle(srv, dave, base.id, { name: 'd.txt', bytes: '账户删除时一并删除。' });
    const stored = await storedPath(file.id);
    expect(existsSync(stored)).toBe(true);
    const del = await srv.call('POST', '/api/user/delete', { confirm: true, password: 'secret123' }, dave.headers);
    expect(del.status).toBe(200);
    expect(existsSync(stored)).toBe(false);
  });

  it("answers 404 for another user's base or file on every route, and changes nothing", async () => {
    const base = await createBase(srv, alice, '私有');
    const file = await addAndSettle(srv, alice, base.id, { name: 'p.txt', bytes: '机密的内容只有主人能看。' });
    const tries = [
      srv.call('GET', `/api/knowledge/bases/${base.id}/files`, undefined, bob.headers),
      srv.call('PATCH', `/api/knowledge/bases/${base.id}`, { name: '抢走' }, bob.headers),
      srv.call('DELETE', `/api/knowledge/bases/${base.id}/files/${file.id}`, undefined, bob.headers),
      srv.call('POST', `/api/knowledge/bases/${base.id}/search`, { query: '机密' }, bob.headers),
      srv.call('POST', `/api/knowledge/bases/${base.id}/files`, { url: `${pagesUrl}/tea.html` }, bob.headers),
      uploadFile(srv, bob, base.id, { name: 'x.txt', bytes: '入侵' }),
      srv.call('DELETE', `/api/knowledge/bases/${base.id}`, undefined, bob.headers),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    const bobs = await srv.call('GET', '/api/knowledge/bases', undefined, bob.headers);
    expect(bobs.body.data.bases).toEqual([]);
    const mine = await srv.call('GET', `/api/knowledge/bases/${base.id}/files`, undefined, alice.headers);
    expect(mine.body.data.files.map((f: { id: number }) => f.id)).toEqual([file.id]);
    expect((await search(srv, alice, base.id, '机密')).passages).toHaveLength(1);
  });

  it('pushes each step to the owner: parsing, chunking, indexing, ready', async () => {
    const base = await createBase(srv, alice, '推送');
    const intruder = await openSocket(srv.url, { taskId: base.channel, token: bob.token });
    expect((await intruder.closed).code).toBe(4403);
    const socket = await openSocket(srv.url, { taskId: base.channel, token: alice.token });
    await socket.next(isConnected);
    const res = await uploadFile(
      srv,
      alice,
      base.id,
      { name: 's.md', bytes: '## 步骤\n\n推送每一步的进度。' },
      'zh-CN',
    );
    const fileId = res.body.data.id;
    await socket.next((m) => (m as { file?: { status?: string } }).file?.status === 'ready', 30_000);
    const steps = socket.messages
      .filter(
        (m) =>
          (m as { kind?: string; code?: number }).kind === 'knowledge' && (m as { code?: number }).code === 1000000,
      )
      .map((m) => (m as { file: { id: number; status: string } }).file)
      .filter((f) => f.id === fileId)
      .map((f) => f.status);
    expect(steps).toEqual(['parsing', 'chunking', 'indexing', 'ready']);
    socket.ws.close();
  });

  it('adds a web page by URL (redirects followed) and refuses what the guard or the format does not allow', async () => {
    const base = await createBase(srv, alice, '网页');
    const added = await srv.call(
      'POST',
      `/api/knowledge/bases/${base.id}/files`,
      { url: `${pagesUrl}/moved` },
      en(alice),
    );
    expect(added.body.data).toMatchObject({ kind: 'html', sourceUrl: `${pagesUrl}/tea.html` });
    expect((await settled(srv, alice, base.id, added.body.data.id)).status).toBe('ready');
    expect((await search(srv, alice, base.id, '西湖龙井')).passages[0]?.text).toContain('四绝');
    const refusals: Array<[string, RegExp]> = [
      [`${pagesUrl}/missing`, /could not be opened/],
      [`${pagesUrl}/picture`, /not a web page/],
      ['ftp://example.com/file.txt', /http:\/\/ or https:\/\//],
      [`${pagesUrl.replace('//', '//user:secret@')}/tea.html`, /http:\/\/ or https:\/\//],
    ];
    for (const [url, message] of refusals) {
      const res = await srv.call('POST', `/api/knowledge/bases/${base.id}/files`, { url }, en(alice));
      expect(res.status, url).toBe(400);
      expect(res.body.result).toMatch(message);
    }
    const big = await srv.call('POST', `/api/knowledge/bases/${base.id}/files`, { url: `${pagesUrl}/big` }, en(alice));
    expect(big.status).toBe(413);
    expect(big.body.result).toBe('The page is too large to read');
    const files = await srv.call('GET', `/api/knowledge/bases/${base.id}/files`, undefined, alice.headers);
    expect(files.body.data.files).toHaveLength(1);
  });
});

describe('the download guard on a site that keeps it', () => {
  it('refuses loopback and private addresses', async () => {
    const guarded = await startTestServer();
    try {
      const carol = await createUserWithToken(guarded, 'kb-carol@example.com');
      const base = await createBase(guarded, carol, '内网');
      for (const url of [`${pagesUrl}/tea.html`, 'http://10.0.0.1/', 'http://[::1]/', 'http://localhost:1/']) {
        const res = await guarded.call('POST', `/api/knowledge/bases/${base.id}/files`, { url }, en(carol));
        expect(res.status, url).toBe(400);
        expect(res.body.result, url).toBe('Pages on private or local addresses cannot be read');
      }
    } finally {
      await guarded.dispose();
    }
  }, 60_000);
});

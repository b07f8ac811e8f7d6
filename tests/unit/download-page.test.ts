import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError } from '../../src/server/providers/download';
import {
  downloadGuarded,
  downloadPage,
  type GuardOptions,
  GuardRefused,
  isPublicAddress,
} from '../../src/server/providers/download-page';

// The one download guard (providers/download-page.ts): its address rule, and the raw download both
// web search's page reader and knowledge bases' files go through.

describe('the download guard’s addresses', () => {
  it.each([
    ['93.184.216.34', true],
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['198.51.100.7', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['64:ff9b::a00:1', false],
    // IPv4-mapped addresses are refused whatever they map to: one would reach the v4 address.
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['not-an-ip', false],
  ])('%s public: %s', (address, pub) => expect(isPublicAddress(address)).toBe(pub));

  it('loopback passes only when allowed, and nothing else private does', () => {
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
    expect(isPublicAddress('169.254.169.254', true)).toBe(false);
  });
});

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/text') return res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('0123456789');
    if (url === '/pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4 body');
    if (url === '/streamed') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a'.repeat(40));
      return res.end('b'.repeat(40));
    }
    if (url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
    if (url === '/to-text') return res.writeHead(301, { location: '/text' }).end();
    if (url === '/bad-redirect') return res.writeHead(302, { location: 'http://[bad' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const opts = (more: Partial<GuardOptions> = {}): GuardOptions => ({
  maxBytes: 1000,
  overflow: 'refuse',
  timeoutMs: 5000,
  signal: AbortSignal.timeout(10_000),
  maxRedirects: 2,
  allowLoopback: true,
  accept: '*/*',
  ...more,
});

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'downloaded',
    (err: unknown) => (err instanceof GuardRefused ? err.reason : `other: ${String(err)}`),
  );

describe('downloadGuarded', () => {
  it('gives the bytes, the media type, the charset and the address after redirects', async () => {
    const got = await downloadGuarded(`${base}/to-text`, opts());
    expect(got).toMatchObject({ contentType: 'text/plain', charset: 'utf-8', url: `${base}/text` });
    expect(got.bytes.toString()).toBe('0123456789');
  });

  it('refuses a URL it may not use, before connecting', async () => {
    expect(await reason(downloadGuarded('not a url', opts()))).toBe('badUrl');
    expect(await reason(downloadGuarded('ftp://example.com/x', opts()))).toBe('badUrl');
    expect(await reason(downloadGuarded(`http://user:pw@127.0.0.1:${new URL(base).port}/text`, opts()))).toBe('badUrl');
    expect(await reason(downloadGuarded(`${base}/text`, opts({ allowLoopback: false })))).toBe('private');
    expect(await reason(downloadGuarded('http://169.254.169.254/', opts()))).toBe('private');
    // A name resolving to loopback is refused in the connection's own lookup.
    expect(
      await reason(downloadGuarded(`http://localhost:${new URL(base).port}/text`, opts({ allowLoopback: false }))),
    ).toBe('private');
  });

  it('checks every redirect again and stops after maxRedirects', async () => {
    expect(await reason(downloadGuarded(`${base}/to-private`, opts()))).toBe('private');
    expect(await reason(downloadGuarded(`${base}/loop`, opts()))).toBe('network');
    expect(await reason(downloadGuarded(`${base}/bad-redirect`, opts()))).toBe('badUrl');
    expect(await reason(downloadGuarded(`${base}/missing`, opts()))).toBe('status');
  });

  it('past maxBytes refuses a whole file but keeps the beginning of a page', async () => {
    // Refused by the declared length, and by what is streamed when no length is declared.
    expect(await reason(downloadGuarded(`${base}/text`, opts({ maxBytes: 5 })))).toBe('tooLarge');
    expect(await reason(downloadGuarded(`${base}/streamed`, opts({ maxBytes: 50 })))).toBe('tooLarge');
    const cut = await downloadGuarded(`${base}/streamed`, opts({ maxBytes: 50, overflow: 'cut' }));
    expect(cut.bytes.toString()).toBe(`${'a'.repeat(40)}${'b'.repeat(10)}`);
  });

  it('refuses a type it does not read; DOWNLOAD_ALLOW_PRIVATE lifts the address rule only', async () => {
    const onlyText = (t: string) => t.startsWith('text/');
    expect(await reason(downloadGuarded(`${base}/pdf`, opts({ types: onlyText })))).toBe('unsupported');
    const lifted = opts({ allowLoopback: false, allowPrivate: true });
    expect((await downloadGuarded(`${base}/pdf`, lifted)).contentType).toBe('application/pdf');
    expect(await reason(downloadGuarded(`http://u@127.0.0.1:${new URL(base).port}/pdf`, lifted))).toBe('badUrl');
  });

  it('gives the caller its own abort, not a refusal', async () => {
    const gone = new AbortController();
    gone.abort(new Error('caller left'));
    await expect(downloadGuarded(`${base}/text`, opts({ signal: gone.signal }))).rejects.toThrow('caller left');
  });
});

describe('downloadPage', () => {
  it('reads text pages, refuses other types as a DownloadError', async () => {
    const o = { maxBytes: 1000, timeoutMs: 5000, signal: AbortSignal.timeout(10_000), allowLoopback: true };
    expect(await downloadPage(`${base}/text`, o)).toEqual({ body: '0123456789', kind: 'text', url: `${base}/text` });
    await expect(downloadPage(`${base}/pdf`, o)).rejects.toThrow(DownloadError);
  });
});

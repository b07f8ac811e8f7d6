import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError, downloadFile, sniff } from '../../src/server/providers/download';

let server: Server;
let base = '';
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    if (req.url === '/png-as-text') return res.writeHead(200, { 'content-type': 'text/plain' }).end(png);
    if (req.url === '/html-as-png') return res.writeHead(200, { 'content-type': 'image/png' }).end('<html></html>');
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(5000));
    if (req.url === '/stall') return res.writeHead(200).write(png.subarray(0, 8)); // never ends
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const opts = { kind: 'image' as const, maxBytes: 4096, signal: new AbortController().signal };

describe('providers/download.ts', () => {
  it('types files by their first bytes', () => {
    const b = (s: string) => Buffer.from(s, 'latin1');
    expect(sniff(b('\xff\xd8\xff\xe0....'), 'image')).toBe('jpg');
    expect(sniff(b('GIF89a...'), 'image')).toBe('gif');
    expect(sniff(b('RIFF\0\0\0\0WEBPVP8 '), 'image')).toBe('webp');
    expect(sniff(b('RIFF\0\0\0\0WAVEfmt '), 'image')).toBeNull();
    expect(sniff(b('RIFF\0\0\0\0WAVEfmt '), 'audio')).toBe('wav');
    expect(sniff(b('ID3\x04\0\0'), 'audio')).toBe('mp3');
    expect(sniff(b('\xff\xfb\x90\x00'), 'audio')).toBe('mp3');
    expect(sniff(b('\xff\xf1\x50\x80'), 'audio')).toBeNull(); // AAC ADTS, not MPEG audio
    expect(sniff(b('OggS\0\x02'), 'audio')).toBe('ogg');
    expect(sniff(b('\0\0\0\x20ftypM4A '), 'audio')).toBe('m4a');
    expect(sniff(b('<html>'), 'audio')).toBeNull();
  });

  it('trusts the bytes, not the Content-Type', async () => {
    expect(await downloadFile(`${base}/png-as-text`, opts)).toEqual({ bytes: png, ext: 'png' });
    await expect(downloadFile(`${base}/html-as-png`, opts)).rejects.toThrow(/not a known image/);
  });

  it('refuses what is too large, missing, not http(s) or too slow', async () => {
    await expect(downloadFile(`${base}/big`, opts)).rejects.toThrow(/too large/);
    await expect(downloadFile(`${base}/nothing`, opts)).rejects.toThrow(/HTTP 404/);
    await expect(downloadFile('file:///etc/passwd', opts)).rejects.toBeInstanceOf(DownloadError);
    await expect(downloadFile(`${base}/stall`, { ...opts, timeoutMs: 300 })).rejects.toBeInstanceOf(DownloadError);
    // A relative URL resolves against the provider's base (suno-api answers paths).
    expect((await downloadFile('/png-as-text', { ...opts, base: `${base}/` })).ext).toBe('png');
  });
});

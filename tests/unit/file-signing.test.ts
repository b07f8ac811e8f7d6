import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUrlSigner, loadFileSecret, SIGNED_TTL_SECONDS } from '../../src/server/providers/storage/signing';

const dir = mkdtempSync(path.join(tmpdir(), 'miaobi-signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// 100 s into a 10-minute step, so a second later rounds to the same expiry.
const NOW = 1_800_000_100_000;
const query = (url: string) => new URLSearchParams(url.split('?')[1]);

describe('signed file URLs', () => {
  const signer = createUrlSigner(loadFileSecret(dir), '/files/');

  it('work for about an hour, for their own file only, and not when altered', () => {
    const url = signer.sign('/files/drawings/202611/abc.webp', NOW);
    expect(url).toMatch(/^\/files\/drawings\/202611\/abc\.webp\?e=\d+&s=[\w-]{32}$/);
    const left = signer.remaining('drawings/202611/abc.webp', query(url), NOW);
    expect(left).toBeGreaterThanOrEqual(SIGNED_TTL_SECONDS);
    expect(left).toBeLessThanOrEqual(SIGNED_TTL_SECONDS + 600);
    expect(signer.remaining('drawings/202611/abc-thumb.webp', query(url), NOW)).toBe(0);
    expect(signer.remaining('drawings/202611/abc.webp', query(url), NOW + (left + 1) * 1000)).toBe(0);
    const later = new URLSearchParams(query(url));
    later.set('e', String(Number(later.get('e')) + 600));
    expect(signer.remaining('drawings/202611/abc.webp', later, NOW)).toBe(0);
    expect(signer.remaining('drawings/202611/abc.webp', new URLSearchParams(), NOW)).toBe(0);
  });

  it('give one URL within a few minutes, so browsers can cache it', () => {
    const a = signer.sign('/files/songs/1/x.mp3', NOW);
    expect(signer.sign('/files/songs/1/x.mp3', NOW + 1000)).toBe(a);
  });

  it('share one secret between processes on one DATA_DIR, and another DATA_DIR has another', () => {
    const again = createUrlSigner(loadFileSecret(dir), '/files/');
    const url = signer.sign('/files/songs/1/x.mp3', NOW);
    expect(again.remaining('songs/1/x.mp3', query(url), NOW)).toBeGreaterThan(0);
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'miaobi-signing-'));
    try {
      const stranger = createUrlSigner(loadFileSecret(elsewhere), '/files/');
      expect(stranger.remaining('songs/1/x.mp3', query(url), NOW)).toBe(0);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { getLegalDocument } from '../../src/content/legal';
import { workingDeadline } from '../../src/server/services/compliance/deadline';
import { targetOf } from '../../src/server/services/compliance/targets';
import { LANGUAGES } from '../../src/shared/languages';

const zone = 'Asia/Shanghai';
const at = (iso: string) => Date.parse(iso);

describe('a complaint is due', () => {
  it('at the end of the N-th working day after filing, weekends skipped, in the site time zone', () => {
    // Friday 2026-11-27 10:00 in Shanghai, 3 working days: Mon, Tue, Wed → end of Wednesday.
    expect(workingDeadline(at('2026-11-27T02:00:00Z'), 3, zone).toISOString()).toBe('2026-12-02T15:59:59.999Z');
    // Monday, 1 day: end of Tuesday.
    expect(workingDeadline(at('2026-11-30T02:00:00Z'), 1, zone).toISOString()).toBe('2026-12-01T15:59:59.999Z');
    // Saturday 23:30 Shanghai (15:30 UTC), 2 days: Mon, Tue.
    expect(workingDeadline(at('2026-11-28T15:30:00Z'), 2, zone).toISOString()).toBe('2026-12-01T15:59:59.999Z');
  });
});

describe("a complaint's address", () => {
  const origin = 'https://miaobi.example';
  it('names a square picture, a shared conversation or a song on this site', () => {
    expect(targetOf('https://miaobi.example/square/d_abc', origin)).toEqual({ kind: 'drawing', id: 'd_abc' });
    expect(targetOf('/share/AbCdEf0123456789xy', origin)).toEqual({ kind: 'share', id: 'AbCdEf0123456789xy' });
    expect(targetOf('https://miaobi.example/songsDetail?id=song_1', origin)).toEqual({ kind: 'song', id: 'song_1' });
  });

  it('names nothing on another site, in free text or elsewhere on this one', () => {
    for (const a of [
      'https://evil.example/square/x',
      '我在广场看到的',
      '/square',
      '/square/a/b',
      '/chat',
      'javascript:alert(1)',
    ])
      expect(targetOf(a, origin), a).toBeNull();
  });
});

describe('the terms and privacy policy', () => {
  it('describe the labels and the complaint process with the handling time, in every language', () => {
    for (const lang of LANGUAGES) {
      const text = (kind: 'terms' | 'privacy') =>
        JSON.stringify(getLegalDocument(lang, kind, '妙笔', 7).sections.map((s) => [s.heading, ...s.paragraphs]));
      for (const kind of ['terms', 'privacy'] as const) {
        expect(text(kind), `${lang} ${kind}`).toContain('7');
        expect(text(kind)).not.toContain('{days}');
      }
      expect(text('terms')).toMatch(/XMP, EXIF, ID3|XMP、EXIF、ID3/);
    }
  });
});

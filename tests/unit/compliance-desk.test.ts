import { describe, expect, it } from 'vitest';
import { getLegalDocument } from '../../src/content/legal';
import { workingDeadline } from '../../src/server/services/compliance/deadline';
import { targetOf } from '../../src/server/services/compliance/targets';
import { LANGUAGES } from '../../src/shared/languages';
import { isSettingValue } from '../../src/shared/site-settings';
import { parseWorkCalendar } from '../../src/shared/work-calendar';

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

describe('the holiday calendar', () => {
  // 2026's National Day: 1–8 October off, Sunday 27 September and Saturday 10 October worked.
  const national = parseWorkCalendar('2026-10-01..2026-10-08, +2026-09-27 +2026-10-10');

  it('skips public holidays and counts make-up working days', () => {
    if (!national) throw new Error('not parsed');
    // Wednesday 30 September 10:00, 3 days: Friday 9 and Saturday 10 (worked), Monday 12 October.
    expect(workingDeadline(at('2026-09-30T02:00:00Z'), 3, zone, national).toISOString()).toBe(
      '2026-10-12T15:59:59.999Z',
    );
    // Without it, the same filing is due on Monday 5 October.
    expect(workingDeadline(at('2026-09-30T02:00:00Z'), 3, zone).toISOString()).toBe('2026-10-05T15:59:59.999Z');
    // Friday 25 September, 1 day: the make-up Sunday the 27th.
    expect(workingDeadline(at('2026-09-25T02:00:00Z'), 1, zone, national).toISOString()).toBe(
      '2026-09-27T15:59:59.999Z',
    );
  });

  it('reads single days, runs and make-up days; refuses anything else', () => {
    expect(parseWorkCalendar('')).toEqual({ holidays: new Set(), workdays: new Set() });
    expect(parseWorkCalendar('2026-01-01，2026-02-16..2026-02-18\n+2026-02-14')).toEqual({
      holidays: new Set(['2026-01-01', '2026-02-16', '2026-02-17', '2026-02-18']),
      workdays: new Set(['2026-02-14']),
    });
    for (const bad of [
      '2026-02-30',
      '2026-1-1',
      'tomorrow',
      '2026-10-08..2026-10-01',
      '2026-01-01 +2026-01-01',
      '2026-01-01..2027-01-02',
    ])
      expect(parseWorkCalendar(bad), bad).toBeNull();
    expect(isSettingValue('COMPLAINT_CALENDAR', '2026-10-01')).toBe(true);
    expect(isSettingValue('COMPLAINT_CALENDAR', '2026-13-01')).toBe(false);
  });
});

describe("a complaint's address", () => {
  const origin = 'https://miaobi.example';
  it('names a square picture, a shared conversation or a song on this site', () => {
    expect(targetOf('https://miaobi.example/square/d_abc', origin)).toEqual({ kind: 'drawing', id: 'd_abc' });
    expect(targetOf('/share/AbCdEf0123456789xy', origin)).toEqual({ kind: 'share', id: 'AbCdEf0123456789xy' });
    expect(targetOf('https://miaobi.example/songsDetail?id=song_1', origin)).toEqual({ kind: 'song', id: 'song_1' });
    // A video's task id starts with video_: named by the square or by its player.
    expect(targetOf('/square/video_AbC-1', origin)).toEqual({ kind: 'video', id: 'video_AbC-1' });
    expect(targetOf('https://miaobi.example/video?id=video_AbC-1', origin)).toEqual({
      kind: 'video',
      id: 'video_AbC-1',
    });
  });

  it('names nothing on another site, in free text or elsewhere on this one', () => {
    for (const a of [
      'https://evil.example/square/x',
      '我在广场看到的',
      '/square',
      '/square/a/b',
      '/chat',
      '/video?id=d_abc',
      '/video?prompt=x',
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

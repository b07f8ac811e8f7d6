import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from '../../src/shared/date-format';

describe('dateTimeFormat', () => {
  const when = new Date('2026-11-30T08:00:00Z');

  it('keeps one formatter per language and options, formatting as a fresh one does', () => {
    const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
    const f = dateTimeFormat('zh-CN', options);
    expect(dateTimeFormat('zh-CN', { dateStyle: 'long', timeZone: 'UTC' })).toBe(f);
    expect(f.format(when)).toBe(new Intl.DateTimeFormat('zh-CN', options).format(when));
    expect(dateTimeFormat('en-US', options)).not.toBe(f);
    expect(dateTimeFormat('zh-CN', { dateStyle: 'long', timeZone: 'Asia/Shanghai' })).not.toBe(f);
  });

  it('still formats once it keeps no more', () => {
    const cycles = ['h11', 'h12', 'h23', 'h24'] as const;
    for (const lang of ['en-US', 'zh-CN', 'zh-TW', 'de-DE', 'fr-FR'])
      for (let offset = -12; offset <= 12; offset++)
        for (const hourCycle of cycles)
          dateTimeFormat(lang, {
            timeZone: `Etc/GMT${offset < 0 ? offset : `+${offset}`}`,
            hour: 'numeric',
            hourCycle,
          });
    const late = { dateStyle: 'short', timeZone: 'Asia/Tokyo' } as const;
    expect(dateTimeFormat('ja-JP', late).format(when)).toBe(new Intl.DateTimeFormat('ja-JP', late).format(when));
    expect(dateTimeFormat('ja-JP', late)).not.toBe(dateTimeFormat('ja-JP', late));
  });
});

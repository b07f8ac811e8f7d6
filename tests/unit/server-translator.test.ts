import { describe, expect, it, vi } from 'vitest';
import { i18nOf, translatorOf } from '../../src/shared/i18n';

// The pages' `t` (src/middleware.ts): i18next's answers, a key with plain options resolved once per process.

describe('translatorOf', () => {
  it('answers what i18next answers, with and without options', () => {
    const t = translatorOf('en-US');
    const full = i18nOf('en-US').t;
    expect(t('layout:skipToContent')).toBe(full('layout:skipToContent'));
    expect(t('layout:skipToContent')).not.toBe('layout:skipToContent');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(t('drawing:title.draw', { defaultValue: 'x' })).toBe(full('drawing:title.draw'));
    expect(translatorOf('zh-CN')('layout:skipToContent')).toBe(i18nOf('zh-CN').t('layout:skipToContent'));
  });

  it('asks i18next once for a key with the same plain options, every time for other options', () => {
    const spy = vi.spyOn(i18nOf('zh-TW'), 't');
    const t = translatorOf('zh-TW');
    t('layout:skipToContent');
    t('layout:skipToContent');
    expect(spy).toHaveBeenCalledTimes(1);
    t('drawing:title.draw', { lng: 'zh-TW' });
    t('drawing:title.draw', { lng: 'zh-TW' });
    expect(spy).toHaveBeenCalledTimes(2);
    t('drawing:title.draw', { lng: 'en-US' });
    expect(spy).toHaveBeenCalledTimes(3);
    // An object among the values (a nested value, a postProcess list) is never kept.
    t('drawing:title.draw', { nested: { a: 1 } } as never);
    t('drawing:title.draw', { nested: { a: 1 } } as never);
    expect(spy).toHaveBeenCalledTimes(5);
    spy.mockRestore();
  });

  it('fills in values per call: the same key with other values is another text', () => {
    const t = translatorOf('en-US');
    const full = i18nOf('en-US').t;
    const a = t('activity:page.intro', { time: '10:00', limit: 5 });
    const b = t('activity:page.intro', { time: '11:00', limit: 7 });
    expect(a).toBe(full('activity:page.intro', { time: '10:00', limit: 5 }));
    expect(b).toBe(full('activity:page.intro', { time: '11:00', limit: 7 }));
    expect(a).not.toBe(b);
    expect(t('activity:page.intro', { time: '10:00', limit: 5 })).toBe(a);
  });
});

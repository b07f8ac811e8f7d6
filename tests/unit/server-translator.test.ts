import { describe, expect, it, vi } from 'vitest';
import { i18nOf, translatorOf } from '../../src/shared/i18n';

// The pages' `t` (src/middleware.ts): i18next's answers, a plain key resolved once per process.

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

  it('asks i18next once for a plain key, every time for one with options', () => {
    const spy = vi.spyOn(i18nOf('zh-TW'), 't');
    const t = translatorOf('zh-TW');
    t('layout:skipToContent');
    t('layout:skipToContent');
    expect(spy).toHaveBeenCalledTimes(1);
    t('drawing:title.draw', { lng: 'zh-TW' });
    t('drawing:title.draw', { lng: 'zh-TW' });
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });
});

import { describe, expect, it } from 'vitest';
import { keyLabel, localTags, tagLabel } from '../../src/islands/music/format';
import { chooseMood, chooseStyle } from '../../src/server/providers/music/theory';
import { createI18n } from '../../src/shared/i18n';
import { LANGUAGES } from '../../src/shared/languages';
import { MOODS, STYLES } from '../../src/shared/music';

const tFor = (lang: (typeof LANGUAGES)[number]) => createI18n(lang).getFixedT(lang, 'music');

describe('song styles, moods and keys in the page language', () => {
  it('shows the composer tags and keys translated, and other tags as written', () => {
    expect(localTags(tFor('zh-CN'), 'pop, happy')).toBe('流行, 欢快');
    expect(localTags(tFor('en-US'), 'lofi, calm')).toBe('Lo-fi, Calm');
    expect(localTags(tFor('zh-TW'), 'rock, Sad')).toBe('搖滾, 傷感');
    expect(tagLabel(tFor('en-US'), 'synthwave')).toBe('synthwave');
    expect(keyLabel(tFor('zh-CN'), 'F major')).toBe('F 大调');
    expect(keyLabel(tFor('zh-TW'), 'F# minor')).toBe('F# 小調');
    expect(keyLabel(tFor('en-US'), 'Eb major')).toBe('Eb major');
    expect(keyLabel(tFor('zh-CN'), 'Dorian')).toBe('Dorian');
  });

  it('has the composer read every translated style and mood back as itself', () => {
    for (const lang of LANGUAGES) {
      const t = tFor(lang);
      for (const style of STYLES) expect(chooseStyle(t(`style.${style}`), 'happy'), `${lang} ${style}`).toBe(style);
      for (const mood of MOODS) expect(chooseMood(t(`mood.${mood}`), 0), `${lang} ${mood}`).toBe(mood);
    }
  });
});

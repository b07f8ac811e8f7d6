import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en-US/layout.json';
import zhCN from '../../locales/zh-CN/layout.json';
import zhTW from '../../locales/zh-TW/layout.json';
import { LEGAL_CONTENT } from '../../src/content/legal';
import { PRIMARY_NAV, SECONDARY_NAV } from '../../src/layouts/nav';
import { LANGUAGES } from '../../src/shared/i18n';

const LAYOUT: Record<string, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW };

describe('layout namespace', () => {
  it('has exactly the same keys in every locale', () => {
    const reference = Object.keys(zhCN).sort();
    for (const lang of LANGUAGES) expect(Object.keys(LAYOUT[lang] ?? {}).sort(), lang).toEqual(reference);
  });

  it('has no empty texts', () => {
    for (const lang of LANGUAGES) {
      for (const [key, value] of Object.entries(LAYOUT[lang] ?? {}))
        expect(value.trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('names every nav entry and language', () => {
    const keys = [
      ...[...PRIMARY_NAV, ...SECONDARY_NAV].map((entry) => `nav.${entry.key}`),
      ...LANGUAGES.map((code) => `language.${code}`),
    ];
    for (const key of keys) expect(zhCN, key).toHaveProperty([key]);
  });
});

describe('legal documents', () => {
  it('have the same shape in every language', () => {
    const shape = (lang: (typeof LANGUAGES)[number]) =>
      (['terms', 'privacy'] as const).map((kind) => ({
        updated: LEGAL_CONTENT[lang][kind].updated,
        paragraphs: LEGAL_CONTENT[lang][kind].sections.map((section) => section.paragraphs.length),
      }));
    for (const lang of LANGUAGES) expect(shape(lang), lang).toEqual(shape('zh-CN'));
  });
});

import { describe, expect, it } from 'vitest';
import { AI_LABEL } from '../../src/shared/ai-label';
import { createI18n } from '../../src/shared/i18n';
import { LANGUAGES } from '../../src/shared/languages';

describe("the 'AI生成' label", () => {
  it('keeps the Chinese label in every language and adds the English beside it in en-US', () => {
    for (const lang of LANGUAGES) expect(createI18n(lang).t('layout:aiLabel').startsWith(AI_LABEL), lang).toBe(true);
    expect(createI18n('en-US').t('layout:aiLabel')).toBe(`${AI_LABEL} · AI-generated`);
  });
});

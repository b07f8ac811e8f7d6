import { describe, expect, it } from 'vitest';
import { loadIslandMessages } from '../../src/lib/island-i18n-lazy';
import { resources } from '../../src/shared/i18n';
import { LANGUAGES } from '../../src/shared/languages';

describe('texts of the islands that load on demand', () => {
  it('are the same catalogues the server renders with, in every language', async () => {
    for (const lang of LANGUAGES) {
      const loaded = await loadIslandMessages(lang, ['account', 'common', 'layout', 'activity']);
      for (const ns of ['account', 'common', 'layout', 'activity'] as const) {
        expect(loaded[ns]).toEqual(resources[lang]?.[ns]);
      }
    }
  });

  it('refuses a language it has no texts for', async () => {
    await expect(loadIslandMessages('xx-XX', ['common'])).rejects.toThrow('no xx-XX/common texts');
  });
});

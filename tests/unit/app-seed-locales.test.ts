import { describe, expect, it } from 'vitest';
import { seedApps, seedAppText, seedKeysMatching } from '../../src/server/db/seed/apps';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

describe('seeded applications in every language', () => {
  it('has English texts without Chinese characters and zh-TW texts for every app and category', () => {
    for (const app of seedApps) {
      const en = seedAppText(app.seedKey, app.category, 'en-US');
      const tw = seedAppText(app.seedKey, app.category, 'zh-TW');
      expect(en, app.seedKey).toBeDefined();
      expect(tw, app.seedKey).toBeDefined();
      if (!en || !tw) continue;
      for (const text of Object.values(en)) expect(CJK.test(text), `${app.seedKey}: ${text}`).toBe(false);
      for (const text of Object.values(tw)) expect(text.trim(), app.seedKey).not.toBe('');
      expect(tw.category, app.seedKey).not.toBe('');
    }
  });

  it('keeps zh-CN as stored and finds apps by their translated words', () => {
    expect(seedAppText('weekly-report', '职场', 'zh-CN')).toBeUndefined();
    expect(seedAppText('no-such-app', '职场', 'en-US')).toBeUndefined();
    expect(seedKeysMatching('REGULAR EXPRESSION', 'en-US')).toContain('regex');
    expect(seedKeysMatching('正則', 'zh-TW')).toContain('regex');
    expect(seedKeysMatching('weekly', 'zh-CN')).toEqual([]);
  });
});

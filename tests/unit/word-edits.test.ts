import { describe, expect, it } from 'vitest';
import { chainModeration } from '../../src/server/providers/moderation/http';
import { applyWordEdits, createWordListModeration } from '../../src/server/providers/moderation/wordlist';
import type { WordEdits } from '../../src/shared/word-list';

describe("the console's word-list edits", () => {
  it('add words to either list and take words out of both', () => {
    const base = { violation: ['赌博', 'gore'], sensitive: ['病历'] };
    const lists = applyWordEdits(base, {
      violation: ['蓝莓果酱', 'GORE'],
      sensitive: ['门牌号'],
      removed: ['赌博', '病历'],
    });
    expect(lists).toEqual({ violation: ['gore', '蓝莓果酱'], sensitive: ['门牌号'] });
  });

  it('are asked on every check, so a new version applies at once and null means the base alone', async () => {
    let edits: WordEdits | null = null;
    const provider = createWordListModeration(undefined, async () => edits);
    expect(await provider.check(['一罐蓝莓果酱'])).toEqual({ verdict: 'pass' });
    expect((await provider.check(['赌博'])).verdict).toBe('violation');
    edits = { violation: ['蓝莓果酱'], sensitive: [], removed: ['赌博'] };
    expect(await provider.check(['一罐蓝莓 果酱'])).toEqual({ verdict: 'violation', reason: '蓝莓果酱' });
    expect(await provider.check(['赌博'])).toEqual({ verdict: 'pass' });
    edits = null;
    expect(await provider.check(['一罐蓝莓果酱'])).toEqual({ verdict: 'pass' });
  });

  it('judge stored texts again with the word list alone: an outside service is not asked', async () => {
    const asked: string[][] = [];
    const service = {
      mode: 'http',
      async check(texts: string[]): Promise<never> {
        asked.push(texts);
        throw new Error('service down');
      },
    };
    const provider = chainModeration(
      createWordListModeration(undefined, async () => null),
      service,
    );
    expect(await provider.checkWords(['賭 博'])).toEqual({ verdict: 'violation', reason: '赌博' });
    expect(await provider.checkWords(['一罐果酱'])).toEqual({ verdict: 'pass' });
    expect(asked).toEqual([]);
    await expect(provider.check(['一罐果酱'])).rejects.toThrow('service down');
  });
});

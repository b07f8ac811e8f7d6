// The word list sees through disguises (providers/moderation/normalize.ts, matcher.ts)
// without refusing ordinary text.
import { describe, expect, it } from 'vitest';
import { compileWords, prepare } from '../../src/server/providers/moderation/matcher';
import { compactForm, latinForm, readLeet, unmask } from '../../src/server/providers/moderation/normalize';
import { applyWordEdits, applyWordsFile, judge } from '../../src/server/providers/moderation/wordlist';
import { ORDINARY_WORDS, SENSITIVE_WORDS, VIOLATION_WORDS } from '../../src/server/providers/moderation/words';
import { LATIN_TRICKS, TRICKS } from '../fixtures/word-tricks';

const builtIn = { violation: [...VIOLATION_WORDS], sensitive: [...SENSITIVE_WORDS] };
const added = applyWordEdits(builtIn, { violation: ['toadstool', '蓝莓果酱', 'ass'], sensitive: [], removed: [] });

describe('the normalizer', () => {
  it('drops format characters (Cf) and marks (Mn/Me), folds width, case, look-alikes and traditional forms', () => {
    for (const c of ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\uFEFF', '\uFE0F', '\u0301', '\u20DD'])
      expect(unmask(`a${c}b`)).toBe('ab');
    expect(unmask('ＰＯＲＮ')).toBe('porn');
    expect(unmask('pоrn ραrτ')).toBe('porn part');
    expect(unmask('賭博 藍莓果醬')).toBe('赌博 蓝莓果酱');
    expect(unmask('n@zi $ex')).toBe('nazi sex');
  });

  it('reads leet digits (and l as i) only in words holding a letter', () => {
    expect(readLeet('p0rn h3r01n 5elf 7ea')).toBe('porn heroin seif tea');
    expect(readLeet('1920 x 1080 13812345678')).toBe('1920 x 1080 13812345678');
  });

  it('joins letters spelled out one by one, not words', () => {
    for (const t of ['p o r n', 'p.o.r.n', 'p-o-r-n', 'p*o*r*n', 'p _o_ r ~ n'])
      expect(latinForm(unmask(t))).toBe('porn');
    expect(latinForm(unmask('a p o r n photo'))).toBe('aporn photo');
    expect(latinForm(unmask("it's ex-wife"))).toBe('it s ex wife');
    expect(latinForm(unmask('色a情b'))).toBe('\na\nb');
    expect(compactForm(unmask('赌 - 博！'))).toBe('赌博');
  });
});

describe('the word list against disguises', () => {
  const cases: [string, string, string][] = [];
  for (const [word, reason] of [
    ['porn', 'porn'],
    ['色情', '色情'],
    ['toadstool', 'toadstool'],
    ['蓝莓果酱', '蓝莓果酱'],
  ]) {
    for (const [name, trick] of Object.entries(TRICKS)) cases.push([name, trick(word), reason]);
    if (/^[a-z]+$/.test(word))
      for (const [name, trick] of Object.entries(LATIN_TRICKS)) cases.push([name, trick(word), reason]);
  }
  cases.push(['traditional form (built in)', '賭博', '赌博'], ['traditional form (added)', '藍莓果醬', '蓝莓果酱']);

  it.each(cases)('%s: %s', (_name, text, reason) => {
    expect(judge(added, [`一张图 ${text} 结束`])).toEqual({ verdict: 'violation', reason });
  });

  it('without the words added, the added ones pass: the list decides, not the disguise', () => {
    expect(judge(builtIn, ['xxtoadstoolxx', 't04dst00l', '藍莓果醬'])).toEqual({ verdict: 'pass' });
  });

  it('keeps the texts of one request apart', () => {
    expect(judge(builtIn, ['p o', 'r n'])).toEqual({ verdict: 'pass' });
    expect(judge(builtIn, ['色', '情'])).toEqual({ verdict: 'pass' });
  });
});

describe('no false positives', () => {
  it.each([
    'class',
    'assistant',
    'a classic passage',
    '小心',
    '小心地滑',
    'a method for painting Essex meadows',
    'something about grapes and drapes',
    'the heroine of the story',
    'nasi goreng with methane-free therapeutic rapeseed',
    'a trapezium on the parapet, scraped with a methodical scraper',
    "it's ex-wife's book",
    "we'll be heading home",
    'a 1920x1080 wallpaper, seed 123456',
    '夕阳下的雪山，电影感',
  ])('%s', (text) => {
    expect(judge(added, [text])).toEqual({ verdict: 'pass' });
  });

  it('short words match only as whole words, spelled out or not', () => {
    expect(judge(added, ['kiss my ass'])).toMatchObject({ verdict: 'violation', reason: 'ass' });
    expect(judge(added, ['a.s.s'])).toMatchObject({ verdict: 'violation', reason: 'ass' });
    expect(judge(added, ['sexy', 'sextant', 'Sussex'])).toEqual({ verdict: 'pass' });
    expect(judge(added, ['s e x'])).toMatchObject({ verdict: 'violation', reason: 'sex' });
  });

  it('an ordinary word hides only the listed word inside it', () => {
    expect(ORDINARY_WORDS).toContain('method');
    expect(judge(builtIn, ['methodporn'])).toMatchObject({ verdict: 'violation', reason: 'porn' });
    expect(judge(builtIn, ['xmethx'])).toMatchObject({ verdict: 'violation', reason: 'meth' });
  });
});

describe('lists', () => {
  it('compile a phrase with or without its spaces and hyphens', () => {
    const m = compileWords(['self-harm', 'terrorist attack'], []);
    for (const t of ['self harm', 'selfharm', 'se1f_harm', 'terrorist-attacks', 'TERRORISTATTACK'])
      expect(m.find(prepare([t])), t).not.toBeNull();
    expect(m.find(prepare(['herself harmless']))).toBeNull();
  });

  it("match a words file's words through the same disguises", () => {
    const file = applyWordsFile(builtIn, '12 goblin\n12 藍莓果醬\n14 工号\n');
    expect(judge(file, ['g0b1in'])).toMatchObject({ verdict: 'violation', reason: 'goblin' });
    expect(judge(file, ['蓝\u200B莓 果酱'])).toMatchObject({ verdict: 'violation', reason: '藍莓果醬' });
    expect(judge(file, ['我的工號'])).toMatchObject({ verdict: 'sensitive', reason: '工号' });
  });

  it('take a word out under any of its spellings', () => {
    expect(judge(applyWordEdits(builtIn, { violation: [], sensitive: [], removed: ['賭博'] }), ['赌博'])).toEqual({
      verdict: 'pass',
    });
    expect(judge(applyWordsFile(builtIn, '-ＰＯＲＮ\n'), ['porn'])).toEqual({ verdict: 'pass' });
  });
});

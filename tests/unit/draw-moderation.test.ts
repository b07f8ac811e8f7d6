import { describe, expect, it } from 'vitest';
import { applyWordsFile, judge } from '../../src/server/providers/moderation/wordlist';
import { SENSITIVE_WORDS, VIOLATION_WORDS } from '../../src/server/providers/moderation/words';

const builtIn = { violation: [...VIOLATION_WORDS], sensitive: [...SENSITIVE_WORDS] };

describe('built-in sensitive-word moderation', () => {
  it('passes ordinary prompts, including words that merely contain a listed one', () => {
    expect(judge(builtIn, ['夕阳下的雪山，电影感'])).toEqual({ verdict: 'pass' });
    expect(judge(builtIn, ['a method for painting Essex meadows'])).toEqual({ verdict: 'pass' });
    expect(judge(builtIn, ['a 1920x1080 wallpaper, seed 123456'])).toEqual({ verdict: 'pass' });
  });

  it('finds violating words through spaces, punctuation, full width and case (status 12)', () => {
    expect(judge(builtIn, ['一张 色 情 图片'])).toMatchObject({ verdict: 'violation', reason: '色情' });
    expect(judge(builtIn, ['赌-博 现场'])).toMatchObject({ verdict: 'violation' });
    expect(judge(builtIn, ['ＮＳＦＷ art'])).toMatchObject({ verdict: 'violation' });
    expect(judge(builtIn, ['Nudes on a beach'])).toMatchObject({ verdict: 'violation' });
    expect(judge(builtIn, ['ok', 'negative: gore'])).toMatchObject({ verdict: 'violation' });
  });

  it('finds personal data (status 14): listed phrases, ID numbers, phone numbers, cards, e-mail', () => {
    expect(judge(builtIn, ['写上我的身份证号码'])).toMatchObject({ verdict: 'sensitive' });
    expect(judge(builtIn, ['证件 11010519491231002X'])).toMatchObject({ verdict: 'sensitive' });
    expect(judge(builtIn, ['call 13812345678'])).toMatchObject({ verdict: 'sensitive' });
    expect(judge(builtIn, ['card 6222 0212 3456 7890 123'])).toMatchObject({ verdict: 'sensitive' });
    expect(judge(builtIn, ['mail me: a.b@example.com'])).toMatchObject({ verdict: 'sensitive' });
  });

  it('a words file adds (12 / 14) and removes words', () => {
    const edited = applyWordsFile(builtIn, '# operators\n12 暗黑仪式\n14 工号\n-赌博\n\nnonsense line\n');
    expect(judge(edited, ['暗黑 仪式'])).toMatchObject({ verdict: 'violation', reason: '暗黑仪式' });
    expect(judge(edited, ['我的工号'])).toMatchObject({ verdict: 'sensitive' });
    expect(judge(edited, ['赌博'])).toEqual({ verdict: 'pass' });
  });
});

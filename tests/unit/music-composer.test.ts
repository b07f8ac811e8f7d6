import { describe, expect, it } from 'vitest';
import { arrange, MAX_SECONDS } from '../../src/server/providers/music/arrange';
import { splitLongLine, splitLyrics, syllables } from '../../src/server/providers/music/lyrics';
import { readId3 } from '../../src/server/providers/music/mp3';
import { createOfflineComposer } from '../../src/server/providers/music/offline';
import {
  chooseKey,
  chooseMood,
  chooseStyle,
  chooseTempo,
  keyName,
  planFromText,
} from '../../src/server/providers/music/theory';
import { nextCharge, quotaView } from '../../src/server/services/music/quota';

describe('mood, style, tempo and key from the words', () => {
  it('reads the mood in Chinese and English', () => {
    expect(chooseMood('一首欢快的夏日歌曲', 0)).toBe('happy');
    expect(chooseMood('离别的眼泪和思念', 0)).toBe('sad');
    expect(chooseMood('a quiet night under the moon', 0)).toBe('calm');
    expect(chooseMood('epic battle anthem for heroes', 0)).toBe('epic');
    expect(chooseMood('我爱你，浪漫的告白', 0)).toBe('romantic');
  });

  it('falls back to the seed when no word names a mood', () => {
    expect(chooseMood('xyz', 0)).toBe('happy');
    expect(chooseMood('xyz', 1)).toBe('sad');
  });

  it('picks the style from tags, else from the mood', () => {
    expect(chooseStyle('国风 古筝', 'calm')).toBe('chinese');
    expect(chooseStyle('lo-fi beats to study to', 'calm')).toBe('lofi');
    expect(chooseStyle('summer', 'epic')).toBe('rock');
  });

  it('sets the tempo from the mood and style, and obeys an explicit bpm', () => {
    const sad = chooseTempo('', 'sad', 'folk', 0);
    const happy = chooseTempo('', 'happy', 'electronic', 0);
    expect(sad).toBeLessThan(80);
    expect(happy).toBeGreaterThan(115);
    expect(chooseTempo('节奏 96 bpm', 'sad', 'folk', 0)).toBe(96);
    expect(chooseTempo('300bpm', 'sad', 'folk', 0)).toBe(180);
    expect(chooseTempo('慢一点', 'happy', 'pop', 0)).toBeLessThan(chooseTempo('', 'happy', 'pop', 0));
  });

  it('reads an explicit key, and otherwise takes the mode from the mood', () => {
    expect(keyName(chooseKey('in A minor', 'happy', 0))).toBe('A minor');
    expect(keyName(chooseKey('F#m ballad', 'happy', 0))).toBe('F# minor');
    expect(keyName(chooseKey('C大调的小曲', 'sad', 0))).toBe('C major');
    expect(chooseKey('I am happy', 'happy', 0).mode).toBe('major');
    expect(chooseKey('悲伤', 'sad', 5 << 16).mode).toBe('minor');
    expect(chooseKey('', 'sad', 5 << 16).root).toBe(5);
  });
});

describe('lyric lines', () => {
  it('splits sections on markers in either language and drops the markers', () => {
    const sections = splitLyrics('[Verse]\nfirst line\nsecond line\n\n【副歌】\n副歌一句！\n(Bridge)\nlast');
    expect(sections).toEqual([
      { kind: 'verse', lines: ['first line', 'second line'] },
      { kind: 'chorus', lines: ['副歌一句'] },
      { kind: 'bridge', lines: ['last'] },
    ]);
  });

  it('groups unmarked lines four at a time, verse then chorus', () => {
    const sections = splitLyrics(['一', '二', '三', '四', '五', '六'].map((x) => `第${x}句`).join('\n'));
    expect(sections.map((s) => [s.kind, s.lines.length])).toEqual([
      ['verse', 4],
      ['chorus', 2],
    ]);
  });

  it('splits long lines at punctuation, then by length', () => {
    expect(splitLongLine('我走过春天的街道，看见花开满了枝头，风吹过我的脸庞')).toEqual([
      '我走过春天的街道，',
      '看见花开满了枝头，',
      '风吹过我的脸庞',
    ]);
    const parts = splitLongLine('一'.repeat(40));
    expect(parts.every((p) => p.length <= 16)).toBe(true);
    expect(parts.join('')).toBe('一'.repeat(40));
  });

  it('counts sung syllables', () => {
    expect(syllables('夏天的风')).toBe(4);
    expect(syllables('hello beautiful world')).toBe(6);
    expect(syllables('我 love 你')).toBe(3);
  });
});

describe('composition quota arithmetic', () => {
  const at = new Date('2030-01-01T16:00:00Z');
  it('adds what is left of today’s free allowance to the bought balance', () => {
    expect(quotaView({ balance: 5, freeLimit: 1, freeUsed: 0, member: false, resetsAt: at })).toMatchObject({
      freeLeft: 1,
      total: 6,
      cost: 1,
    });
  });

  it('never goes negative, even with more used than allowed', () => {
    const q = quotaView({ balance: -2, freeLimit: 1, freeUsed: 4, member: false, resetsAt: at });
    expect(q).toMatchObject({ balance: 0, freeUsed: 1, freeLeft: 0, total: 0 });
  });

  it('charges the free allowance first, then the balance, then nothing', () => {
    expect(nextCharge({ freeLeft: 1, balance: 3 })).toBe('free');
    expect(nextCharge({ freeLeft: 0, balance: 3 })).toBe('paid');
    expect(nextCharge({ freeLeft: 0, balance: 0 })).toBeNull();
  });
});

describe('the offline composer', () => {
  it('arranges melody, chords, bass and drums within the length limit', () => {
    const plan = planFromText('epic rock', 7);
    const score = arrange(plan, splitLyrics('a\nb\nc\nd\ne\nf\ng\nh'), 7);
    const voices = new Set(score.events.map((e) => e.voice));
    for (const v of ['lead', 'pad', 'bass', 'kick', 'snare', 'hat']) expect(voices.has(v as never)).toBe(true);
    expect((score.beats * 60) / score.bpm).toBeLessThanOrEqual(MAX_SECONDS);
    expect(score.sections[0]?.kind).toBe('intro');
    expect(score.sections.at(-1)?.kind).toBe('outro');
  });

  it('renders the same MP3 for the same request, tagged as AI generated', async () => {
    const composer = createOfflineComposer();
    const request = {
      mode: 'custom' as const,
      prompt: '',
      title: 'Test',
      tags: 'jazz',
      lyrics: 'one line\ntwo lines',
      instrumental: false,
      lang: 'en-US',
    };
    const ctx = { signal: new AbortController().signal, progress: async () => {}, ref: null, saveRef: async () => {} };
    const a = await composer.compose(request, ctx);
    const b = await composer.compose(request, ctx);
    expect(a.audio.bytes.equals(b.audio.bytes)).toBe(true);
    expect(a.audio.bytes.subarray(0, 3).toString()).toBe('ID3');
    expect(readId3(a.audio.bytes)).toMatchObject({ TIT2: 'Test', TCON: 'jazz', TXXX: 'AI生成' });
    expect(a.meta.style).toBe('jazz');
    const c = await composer.compose({ ...request, tags: 'rock' }, ctx);
    expect(c.audio.bytes.equals(a.audio.bytes)).toBe(false);
    // Three full renders: seconds of CPU on a busy two-core machine.
  }, 30_000);
});

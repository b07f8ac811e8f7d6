import { describe, expect, it } from 'vitest';
import { pickVoice, readingLang, recognitionLang, speechChunks } from '../../src/islands/chat/speech';

const voice = (lang: string, localService = false, isDefault = false) => ({ lang, localService, default: isDefault });

describe('reading answers aloud', () => {
  it('reads Chinese answers in the page’s Chinese, other answers in English', () => {
    expect(readingLang('你好，世界', 'zh-CN')).toBe('zh-CN');
    expect(readingLang('你好，世界', 'zh-TW')).toBe('zh-TW');
    expect(readingLang('你好，世界', 'en-US')).toBe('zh-CN');
    expect(readingLang('Hello world', 'zh-CN')).toBe('en-US');
  });

  it('picks a voice of the language and region, then of the language, local ones first', () => {
    const voices = [voice('en-US', true, true), voice('zh-TW'), voice('zh_CN'), voice('zh-CN', true), voice('zh-HK')];
    expect(pickVoice(voices, 'zh-CN')).toBe(voices[3]);
    expect(pickVoice(voices, 'zh-TW')).toBe(voices[1]);
    expect(pickVoice([voice('en-GB'), voice('zh-HK', true)], 'zh-TW')?.lang).toBe('zh-HK');
    expect(pickVoice([voice('en-GB'), voice('zh-CN')], 'zh-TW')?.lang).toBe('zh-CN');
    expect(pickVoice([voice('en-GB', true)], 'en-US')?.lang).toBe('en-GB');
    // No Chinese voice: none is forced, the browser reads by the utterance's language.
    expect(pickVoice([voice('en-US', true, true)], 'zh-CN')).toBeUndefined();
  });

  it('cuts long text into utterances at sentence ends, losing nothing', () => {
    const text = `${'这是一句话。'.repeat(40)}Short one! ${'word '.repeat(80)}end.`;
    const chunks = speechChunks(text, 100);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    expect(chunks.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    expect(chunks[0]?.endsWith('。')).toBe(true);
    expect(speechChunks('   ')).toEqual([]);
    expect(speechChunks('一句。')).toEqual(['一句。']);
  });
});

describe('voice input', () => {
  it('listens in the page’s language', () => {
    expect(recognitionLang('zh-TW')).toBe('zh-TW');
    expect(recognitionLang('en-US')).toBe('en-US');
    expect(recognitionLang('fr')).toBe('zh-CN');
  });
});

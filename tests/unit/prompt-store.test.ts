import { describe, expect, it } from 'vitest';
import {
  checkEntry,
  importPrompts,
  PromptJsonError,
  pageSizeFor,
  searchPrompts,
  truncate,
  truncateLimits,
} from '../../src/stores/prompt-store';

const list = [
  { key: '翻译', value: '你是翻译' },
  { key: 'Coder', value: 'You write code' },
];

describe('prompt store rules (docs/routes-and-screens.md)', () => {
  it('needs both fields and rejects a duplicate title or content, except the entry being edited', () => {
    expect(checkEntry(list, { key: ' ', value: 'x' })).toBe('required');
    expect(checkEntry(list, { key: 'x', value: '' })).toBe('required');
    expect(checkEntry(list, { key: '翻译', value: 'new' })).toBe('duplicateTitle');
    expect(checkEntry(list, { key: 'new', value: 'You write code' })).toBe('duplicateContent');
    expect(checkEntry(list, { key: '翻译', value: '你是更好的翻译' }, 0)).toBeNull();
    expect(checkEntry(list, { key: 'Coder', value: '你是翻译' }, 1)).toBe('duplicateContent');
  });

  it('imports {key, value} and {act, prompt} arrays, skipping duplicates', () => {
    const text = JSON.stringify([
      { key: '润色', value: '你是编辑' },
      { act: 'Poet', prompt: 'You write poems' },
      { key: '翻译', value: 'other' },
      { act: 'Again', prompt: 'You write code' },
    ]);
    const result = importPrompts(list, text);
    expect(result.added).toBe(2);
    expect(result.duplicates).toEqual(['翻译', 'Again']);
    expect(result.list.map((p) => p.key)).toEqual(['Poet', '润色', '翻译', 'Coder']);
  });

  it('rejects what is not a JSON array of prompts', () => {
    for (const bad of ['{not json', '{"key":"a","value":"b"}', '[1]', '[{"title":"x"}]'])
      expect(() => importPrompts(list, bad)).toThrow(PromptJsonError);
  });

  it('truncates 15/50 on desktop and 10/30 on mobile, pages 7 and 6 rows', () => {
    expect(truncateLimits(false)).toEqual({ title: 15, content: 50 });
    expect(truncateLimits(true)).toEqual({ title: 10, content: 30 });
    expect(truncate('一二三四五六七八九十十一', 10)).toBe('一二三四五六七八九十...');
    expect(truncate('short', 10)).toBe('short');
    expect(pageSizeFor(false)).toBe(7);
    expect(pageSizeFor(true)).toBe(6);
  });

  it('searches titles and contents', () => {
    expect(searchPrompts(list, 'code')).toEqual([list[1]]);
    expect(searchPrompts(list, '翻')).toEqual([list[0]]);
    expect(searchPrompts(list, ' ')).toBe(list);
  });
});

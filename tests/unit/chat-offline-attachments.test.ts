import { describe, expect, it } from 'vitest';
import {
  documentBlock,
  imageTag,
  readAttachmentBlocks,
  withoutAttachmentBlocks,
} from '../../src/server/providers/llm/attachment-blocks';
import { offlineAnswer } from '../../src/server/providers/llm/offline';
import { firstSentence, offlineAttachmentLines } from '../../src/server/providers/llm/offline-attachments';
import { createI18n } from '../../src/shared/i18n';

describe('attachments in the question text', () => {
  const text = [
    'What do they say?',
    documentBlock({ name: 'a "b".pdf', size: 2048 }, 'Hi.\nThe launch is in May. More text.', { sent: 30, total: 90 }),
    imageTag({ name: 'cat.png', size: 512 }),
  ].join('\n\n');

  it('reads back names, sizes and document text, and leaves the words alone', () => {
    const found = readAttachmentBlocks(text);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ kind: 'document', name: 'a "b".pdf', size: 2048 });
    expect(found[0]?.text).toContain('The launch is in May.');
    expect(found[0]?.text).toContain('Only the first 30 of 90 characters');
    expect(found[1]).toEqual({ kind: 'image', name: 'cat.png', size: 512 });
    expect(withoutAttachmentBlocks(text)).toBe('What do they say?');
  });

  it('lets the offline answer name each file with its size and quote a sentence, in the language asked', () => {
    expect(firstSentence('Hi.\nThe launch is in May. More text.')).toBe('The launch is in May.');
    const t = createI18n('en-US').t;
    const lines = offlineAttachmentLines([{ role: 'user', content: text }], t).join('\n');
    expect(lines).toContain('the document “a "b".pdf” (2.0 KB)');
    expect(lines).toContain('the picture “cat.png” (512 B)');
    expect(lines).toContain('> The launch is in May.');
    const answer = offlineAnswer({ lang: 'zh-CN', messages: [{ role: 'user', content: text }] });
    expect(answer).toContain('“What do they say?”');
    expect(answer).toContain('图片「cat.png」');
    expect(offlineAttachmentLines([{ role: 'user', content: 'plain' }], t)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copiedText, type ExportInput, toJson, toMarkdown } from '../../src/islands/chat/export';

const input: ExportInput = {
  uuid: 1700000000001,
  title: '周末: "计划"',
  messages: [
    { id: 'q1', dateTime: 1, inversion: true, text: '周末去哪？' },
    { id: 'a1', dateTime: 2, inversion: false, text: '去海边。' },
    { id: 'a2', dateTime: 3, inversion: false, text: '', loading: true },
  ],
  you: '你',
  assistant: '助手',
  notice: '内容由 AI 生成',
  operator: { serviceName: '妙笔', filingCode: '网信算备110000000000001号' },
};

const label = (id: string) => ({
  Label: '1',
  ContentProducer: '妙笔 网信算备110000000000001号',
  ProduceID: id,
  ReservedCode1: '',
  ContentPropagator: '妙笔 网信算备110000000000001号',
  PropagateID: id,
  ReservedCode2: '',
});

describe('exported conversations carry the AI label', () => {
  it('Markdown: the AIGC record in YAML front matter, and the visible line', () => {
    const md = toMarkdown(input);
    const [, front, body] = md.split(/^---$/m);
    expect(parse(front as string)).toEqual({ title: input.title, AIGC: label('chat-1700000000001') });
    expect(body).toContain('> 内容由 AI 生成');
    expect(body).toContain('## 助手\n\n去海边。');
  });

  it('JSON: the file record, the visible line, and each answer labelled with its own message id', () => {
    const json = JSON.parse(toJson(input));
    expect(json).toMatchObject({ title: input.title, notice: '内容由 AI 生成', AIGC: label('chat-1700000000001') });
    expect(json.messages).toEqual([
      { id: 'q1', role: 'user', dateTime: 1, text: '周末去哪？' },
      { id: 'a1', role: 'assistant', dateTime: 2, text: '去海边。', AIGC: label('a1') },
    ]);
  });
});

describe('the copy button', () => {
  it('copies an answer with the visible label after it, a question as it is', () => {
    expect(copiedText({ text: '去海边。\n', inversion: false }, '内容由 AI 生成')).toBe(
      '去海边。\n\n（内容由 AI 生成）',
    );
    expect(copiedText({ text: '周末去哪？', inversion: true }, '内容由 AI 生成')).toBe('周末去哪？');
  });
});

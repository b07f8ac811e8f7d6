import { describe, expect, it } from 'vitest';
import { type ContentPiece, createThinkSplitter, withoutThinking } from '../../src/server/providers/llm/think-split';

/** Feeds the chunks in order and joins what came out by kind. */
function split(chunks: string[]) {
  const s = createThinkSplitter();
  const pieces: ContentPiece[] = [...chunks.flatMap((c) => s.push(c)), ...s.end()];
  const of = (type: ContentPiece['type']) =>
    pieces
      .filter((p) => p.type === type)
      .map((p) => p.text)
      .join('');
  return { reasoning: of('reasoning'), text: of('text'), pieces };
}

describe('think-tag splitter', () => {
  it('passes content without tags through as answer text', () => {
    expect(split(['Hello', ' world'])).toMatchObject({ reasoning: '', text: 'Hello world' });
  });

  it('splits a block in one chunk, dropping the whitespace before the answer', () => {
    expect(split(['<think>step one</think>\n\nThe answer.'])).toMatchObject({
      reasoning: 'step one',
      text: 'The answer.',
    });
  });

  it('finds tags cut anywhere across chunks', () => {
    const whole = '<think>a < b, so</think>\nYes.';
    // Every way of cutting the content in two, and one character per chunk.
    for (let at = 1; at < whole.length; at++)
      expect(split([whole.slice(0, at), whole.slice(at)]), `cut at ${at}`).toMatchObject({
        reasoning: 'a < b, so',
        text: 'Yes.',
      });
    expect(split([...whole])).toMatchObject({ reasoning: 'a < b, so', text: 'Yes.' });
  });

  it('streams reasoning as it comes, holding back only a possible closing tag', () => {
    const s = createThinkSplitter();
    expect(s.push('<think>first')).toEqual([{ type: 'reasoning', text: 'first' }]);
    expect(s.push(' thought </th')).toEqual([{ type: 'reasoning', text: ' thought ' }]);
    expect(s.push('ink>Answer')).toEqual([{ type: 'text', text: 'Answer' }]);
  });

  it('keeps a block that never closes as reasoning', () => {
    expect(split(['<think>still thinking', ' when the stream ended</th'])).toMatchObject({
      reasoning: 'still thinking when the stream ended</th',
      text: '',
    });
  });

  it('allows leading whitespace before the block, and an empty block', () => {
    expect(split(['\n  ', '<think></think>', 'Hi'])).toMatchObject({ reasoning: '', text: 'Hi' });
  });

  it('leaves tags inside the answer alone: a block counts only before answer text', () => {
    expect(split(['Use <think>…</think> tags', ' like this.'])).toMatchObject({
      reasoning: '',
      text: 'Use <think>…</think> tags like this.',
    });
  });

  it('gives back a held "<thi" that never became a tag as text', () => {
    expect(split(['<thi'])).toMatchObject({ reasoning: '', text: '<thi' });
    expect(split(['<thing>'])).toMatchObject({ reasoning: '', text: '<thing>' });
  });

  it('merges neighbouring pieces of one kind', () => {
    expect(split(['<think>a</think><think>b</think>c']).pieces).toEqual([
      { type: 'reasoning', text: 'ab' },
      { type: 'text', text: 'c' },
    ]);
  });
});

describe('withoutThinking', () => {
  it('strips closed blocks and an unclosed leading one', () => {
    expect(withoutThinking('<think>why</think>\n\nBecause.')).toBe('Because.');
    expect(withoutThinking('<think>never closed')).toBe('');
    expect(withoutThinking('A <think>x</think>B')).toBe('A B');
    expect(withoutThinking('plain')).toBe('plain');
  });
});

import { describe, expect, it } from 'vitest';
import { costOf } from '../../src/server/services/ledger/record';
import { countChatTokens, encodingOf } from '../../src/server/services/ledger/tokens';

describe('ledger token counting', () => {
  it('picks the model family’s encoding', () => {
    expect(['gpt-3.5-turbo', 'gpt-4', 'gpt-4-turbo', 'gpt-4-0613'].map(encodingOf)).toEqual(
      Array(4).fill('cl100k_base'),
    );
    expect(['gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'gpt-5', 'deepseek-chat', 'qwen-plus'].map(encodingOf)).toEqual(
      Array(6).fill('o200k_base'),
    );
  });

  it('counts the chat format around the messages, and the answer alone', async () => {
    const one = await countChatTokens('gpt-4o', [{ role: 'user', content: 'Hello world' }], 'Hello world');
    // "Hello world" is 2 tokens in o200k; "user" 1; 3 per message and 3 for the answer's priming.
    expect(one).toEqual({ inputTokens: 3 + 3 + 1 + 2, outputTokens: 2 });
    const two = await countChatTokens(
      'gpt-4o',
      [
        { role: 'system', content: 'Hello world' },
        { role: 'user', content: 'Hello world' },
      ],
      '',
    );
    expect(two.inputTokens - one.inputTokens).toBe(3 + 1 + 2);
    expect(two.outputTokens).toBe(0);
  });

  it('prices tokens per thousand in micro-yuan, rounded', () => {
    const price = { inputPer1k: 1500, outputPer1k: 6000, perImage: 0, perSong: 0 };
    expect(costOf(price, { inputTokens: 1000, outputTokens: 500 })).toBe(1500 + 3000);
    expect(costOf(price, { inputTokens: 1 })).toBe(2);
    expect(costOf(null, { inputTokens: 1000 })).toBe(0);
  });
});
